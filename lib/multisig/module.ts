// What multisig plugs into the layers below (lib/chain/registry/modules): the Safe kinds of chain write and Safe 1.4.1's base contracts.
import { defineModule } from "@/lib/chain/registry/modules";
import { installSafeBase } from "./base";
import { multisigOperations } from "./effects";

export const multisigModule = defineModule({
  name: "multisig",
  operations: multisigOperations,
  baseContracts: [{ name: "safe", install: installSafeBase }],
});
