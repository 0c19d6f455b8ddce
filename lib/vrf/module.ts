// What VRF plugs into the layers below (lib/chain/registry/modules): its kinds of chain write, the local coordinator,
// and the functions that read fulfilments and fulfil local requests.
import { defineModule } from "@/lib/chain/registry/modules";
import { installVrfBase } from "./base";
import { vrfOperations } from "./effects";
import { vrfLocalFulfiller, vrfLogs } from "./functions";
import { VRF_LOG_EVENT } from "./watch";

export const vrfModule = defineModule({
  name: "vrf",
  operations: vrfOperations,
  baseContracts: [{ name: "vrf", install: installVrfBase }],
  functions: [vrfLogs, vrfLocalFulfiller],
  logEvents: [VRF_LOG_EVENT],
});
