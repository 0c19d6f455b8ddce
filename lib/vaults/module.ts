// What vaults plug into the layers below (lib/chain/registry/modules): their kinds of chain write.
import { defineModule } from "@/lib/chain/registry/modules";
import { vaultOperations } from "./effects";

export const vaultsModule = defineModule({ name: "vaults", operations: vaultOperations });
