// The platform's base contracts of the local chain, in the order the local node installs them at every start:
// the ERC-4337 stack (EntryPoint, Kernel, our validators), then the T-REX factory, then Safe 1.4.1 at its
// canonical addresses, …, and the billing stablecoins. The modules declare them (lib/<area>/module.ts); this
// light copy of their list serves the scripts that only start the local chain (the dev launcher, scripts/chain,
// the lab) before any database is configured, without loading every area. lib/composition/modules.test.ts
// checks that it is the modules' list, in their order.
import { registerBaseContracts } from "@/lib/chain/registry/base-contracts";
import { installConnectBase } from "@/lib/connect/local/setup";
import { installTrexBase } from "@/lib/trex/suite/base";
import { installSafeBase } from "@/lib/multisig/base";
import { installOracleBase } from "@/lib/oracles/base";
import { installVrfBase } from "@/lib/vrf/base";
import { installStablecoinBase } from "@/lib/billing/crypto/stablecoins";

registerBaseContracts({ name: "erc-4337", install: installConnectBase });
registerBaseContracts({ name: "t-rex", install: installTrexBase });
registerBaseContracts({ name: "safe", install: installSafeBase });
registerBaseContracts({ name: "price-feeds", install: installOracleBase });
registerBaseContracts({ name: "vrf", install: installVrfBase });
registerBaseContracts({ name: "stablecoins", install: installStablecoinBase });
