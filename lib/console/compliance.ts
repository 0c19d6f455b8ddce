// A regulated token's mint or transfer that one of its compliance modules would refuse, said before anything is
// sent (the chain would only answer "Compliance not followed"): checked on chain as Token.transfer and mint check
// it (lib/trex/compliance/check), and worded in the token's units, naming the limit the amount passes.
import { zeroAddress, type Address } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import { checkTransfer } from "@/lib/trex/compliance/check";
import { moduleParams } from "@/lib/trex/compliance/reads";
import { findToken } from "@/lib/tokens/lookup";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { Scope } from "@/lib/core/scope";
import { formatWithSymbol } from "./amounts";
import { durationOf } from "./time";
import { consoleWording } from "./wording";

type Refused = NonNullable<Awaited<ReturnType<typeof checkTransfer>>["refused_by"]>;

/** Throws a 400 on `amount` saying which module refuses `amount` (smallest unit) to `to`; nothing for another standard. */
export async function refuseUncompliant(scope: Scope, tokenId: string, operation: "mint" | "transfer", to: string, amount: string | undefined) {
  const token = await findToken(scope, tokenId);
  if (token.standard !== "ERC3643" || !amount || !/^\d+$/.test(amount) || !/^0x[0-9a-fA-F]{40}$/.test(to)) return;
  let refused: Refused | null = null;
  try {
    const from = operation === "mint" ? zeroAddress : (await actingFor(scope, token.network)).address;
    const check = await checkTransfer(scope, tokenId, { from, to: to as Address, amount });
    refused = check.refused_by?.rule === "module" ? check.refused_by : null;
  } catch {
    return; // a node that does not answer: the write's own checks decide
  }
  if (!refused) return;
  const units = (raw: string) => formatWithSymbol(raw, token.decimals, token.symbol);
  const what = `${operation === "mint" ? "Minting" : "Sending"} ${units(amount)}`;
  throw invalidRequest("transfer_not_compliant", `${what} is refused by the token's compliance: ${await limitWords(scope, refused, units)}`, "amount");
}

/** The refusing module's limit in units ("its supply limit is 1,000.5 GBND"), or the check's own reason. */
async function limitWords(scope: Scope, refused: Refused, units: (raw: string) => string): Promise<string> {
  const params = refused.module ? await moduleParams(scope, refused.module).catch(() => null) : null;
  if (params && "supply_limit" in params) return `its supply limit is ${units(params.supply_limit)}, and this would take the supply past it.`;
  if (params && "max_balance" in params) return `an investor may hold at most ${units(params.max_balance)}, and this would take the receiver past it.`;
  if (params && "time_transfer_limits" in params) {
    const windows = params.time_transfer_limits.map((l) => `${units(l.max_amount)} per ${durationOf(l.period_sec)}`).join(", ");
    return `an investor may send at most ${windows}, and this would pass it.`;
  }
  return consoleWording(refused.reason ?? "one of its modules refuses this transfer.");
}
