// The platform's base contracts of the local chain, in the order the local node installs them at every start:
// the ERC-4337 stack (EntryPoint, Kernel, our validators), then the T-REX factory, then Safe 1.4.1 at its canonical addresses, …, and the billing stablecoins. Light on purpose: the
// dev launcher and the test setup import it before any database or chain is configured.
import { registerBaseContracts } from "@/lib/chain/base-contracts";
import { installConnectBase } from "@/lib/connect/local-setup";
import { installTrexBase } from "@/lib/trex/base";
import { installSafeBase } from "@/lib/multisig/base";
import { installOracleBase } from "@/lib/oracles/base";
import { installVrfBase } from "@/lib/vrf/base";
import { installStablecoinBase } from "@/lib/billing/stablecoins";

registerBaseContracts({ name: "erc-4337", install: installConnectBase });
registerBaseContracts({ name: "t-rex", install: installTrexBase });
registerBaseContracts({ name: "safe", install: installSafeBase });
registerBaseContracts({ name: "price-feeds", install: installOracleBase });
registerBaseContracts({ name: "vrf", install: installVrfBase });
registerBaseContracts({ name: "stablecoins", install: installStablecoinBase });
