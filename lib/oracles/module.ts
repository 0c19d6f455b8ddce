// What price feeds plug into the layers below (lib/chain/registry/modules): their kinds of chain write and the local feeds.
import { defineModule } from "@/lib/chain/registry/modules";
import { installOracleBase } from "./base";
import { priceFeedOperations } from "./effects";

export const oraclesModule = defineModule({
  name: "oracles",
  operations: priceFeedOperations,
  baseContracts: [{ name: "price-feeds", install: installOracleBase }],
});
