// The platform's base contracts of the local chain, in the order the local node installs them at every start:
// the ERC-4337 stack (EntryPoint, Kernel, our validators), then the T-REX factory. Light on purpose: the
// dev launcher and the test setup import it before any database or chain is configured.
import { registerBaseContracts } from "@/lib/chain/base-contracts";
import { installConnectBase } from "@/lib/connect/local-setup";
import { installTrexBase } from "@/lib/trex/base";

registerBaseContracts({ name: "erc-4337", install: installConnectBase });
registerBaseContracts({ name: "t-rex", install: installTrexBase });
