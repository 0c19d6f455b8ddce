import { z } from "zod";
import { apiObject } from "./common";

export const WalletMode = apiObject("wallet_mode", {
  mode: z.enum(["custodial", "connect"]).meta({ description: "`custodial`: the tenant wallet below signs; `connect`: the tenant's smart account." }),
  wallet_address: z.string().meta({ description: "The tenant's custodial wallet: it deploys and administers the tenant's contracts. Fund it on live networks." }),
  connect_account_address: z.string().nullable().meta({ description: "Connect mode: the smart account of `owner_signer` (the same address on every network: counterfactual until its first user operation)." }),
  owner_signer: z.string().nullable().meta({ description: "Connect mode: the owner who signs the smart account's user operations (PUT /v1/settings/connect)." }),
}).meta({ id: "WalletMode" });
