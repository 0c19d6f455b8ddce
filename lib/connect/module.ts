// What Connect plugs into the layers below (lib/chain/registry/modules): the user-operation submitter, who sends a
// tenant's writes, the ERC-4337 base contracts and the functions that end user operations.
import { defineModule } from "@/lib/chain/registry/modules";
import type { SenderResolver } from "@/lib/chain/registry/senders";
import { installConnectBase } from "@/lib/connect/local/setup";
import { userOperationSubmitter } from "@/lib/connect/user-ops/service";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import { connectUserOperationEvents, followRelayOperation, sweepRelaysCron, USER_OPERATION_LOG_EVENT } from "./functions";

/** The acting account decides who sends: the custodial wallet signs itself, a smart account makes user operations. */
const senders: SenderResolver = async (scope, network) => {
  const acting = await actingFor(scope, network);
  return { address: acting.address, submitter: acting.mode === "connect" ? "user_operation" : "eoa" };
};

export const connectModule = defineModule({
  name: "connect",
  submitters: { user_operation: userOperationSubmitter },
  senders,
  baseContracts: [{ name: "erc-4337", install: installConnectBase }],
  functions: [followRelayOperation, connectUserOperationEvents, sweepRelaysCron],
  logEvents: [USER_OPERATION_LOG_EVENT],
});
