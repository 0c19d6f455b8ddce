// What tokens plug into the layers below (lib/chain/registry/modules): the token and role kinds of chain write.
import { defineModule } from "@/lib/chain/registry/modules";
import { tokenOperations } from "./effects";

export const tokensModule = defineModule({ name: "tokens", operations: tokenOperations });
