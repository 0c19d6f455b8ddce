// What vesting plugs into the layers below (lib/chain/registry/modules): its kinds of chain write.
import { defineModule } from "@/lib/chain/registry/modules";
import { vestingOperations } from "./effects";

export const vestingModule = defineModule({ name: "vesting", operations: vestingOperations });
