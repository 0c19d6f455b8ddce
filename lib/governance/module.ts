// What governance plugs into the layers below (lib/chain/registry/modules): its kinds of chain write and the function
// that turns the governor's and the voting token's logs into events.
import { defineModule } from "@/lib/chain/registry/modules";
import { governanceOperations } from "./effects";
import { governanceLogs } from "./functions";
import { GOVERNANCE_LOG_EVENTS } from "./watch";

export const governanceModule = defineModule({
  name: "governance",
  operations: governanceOperations,
  functions: [governanceLogs],
  logEvents: GOVERNANCE_LOG_EVENTS,
});
