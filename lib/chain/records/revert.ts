// Turns a revert into a readable reason, decoding custom errors with the ABIs of our contracts.
import { BaseError, decodeErrorResult, type Abi, type Hex } from "viem";
import { artifact, COMPILED_CONTRACTS } from "@/lib/chain/artifacts";
import { redactRpc } from "@/lib/core/redact";

let ourErrors: Abi | undefined;
/** The custom errors of our own contracts, read on the first revert that needs them. */
function errorAbi(): Abi {
  if (!ourErrors) {
    const all = COMPILED_CONTRACTS.flatMap((name) => (artifact(name).abi as Abi).filter((item) => item.type === "error"));
    ourErrors = [...new Map(all.map((e) => [JSON.stringify(e), e])).values()] as Abi;
  }
  return ourErrors;
}

const PANICS: Record<number, string> = {
  0x01: "an assertion failed",
  0x11: "an arithmetic operation overflowed or underflowed",
  0x12: "division by zero",
  0x21: "an invalid enum value",
  0x31: "pop from an empty array",
  0x32: "an array index out of bounds",
  0x41: "too much memory allocated",
  0x51: "a call to an uninitialized function",
};

function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  let data: Hex | undefined;
  error.walk((e) => {
    const candidate = (e as { data?: unknown }).data;
    if (typeof candidate === "string" && candidate.startsWith("0x") && candidate.length >= 10) data = candidate as Hex;
    else if (candidate && typeof candidate === "object" && typeof (candidate as { data?: unknown }).data === "string") {
      data = (candidate as { data: Hex }).data;
    }
    return false;
  });
  return data;
}

export function isRevert(error: unknown): boolean {
  if (revertData(error)) return true;
  const text = error instanceof BaseError ? `${error.shortMessage} ${error.details ?? ""}` : String(error);
  return /revert|execution reverted/i.test(text);
}

/** "ERC20InsufficientBalance(sender: 0x…, balance: 0, needed: 1000)" or the node's own message (RPC URLs redacted). */
export function revertReason(error: unknown): string {
  return redactRpc(readableReason(error));
}

function readableReason(error: unknown): string {
  const data = revertData(error);
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: errorAbi(), data });
      // require(…, "reason") and panics: the reason itself, not "Error(0: reason)".
      if (decoded.errorName === "Error") return String(decoded.args?.[0] ?? "execution reverted");
      if (decoded.errorName === "Panic") return `Panic (code ${decoded.args?.[0]}): ${PANICS[Number(decoded.args?.[0])] ?? "an assertion failed"}`;
      const inputs = (errorAbi().find((e) => e.type === "error" && e.name === decoded.errorName) as { inputs?: { name: string }[] })?.inputs ?? [];
      const args = (decoded.args ?? []).map((value, i) => `${inputs[i]?.name || i}: ${String(value)}`);
      return `${decoded.errorName}(${args.join(", ")})`;
    } catch {
      // not one of ours: fall through to the node's message
    }
  }
  if (error instanceof BaseError) return (error.details || error.shortMessage).replace(/^execution reverted:?\s*/i, "") || "execution reverted";
  return error instanceof Error ? error.message : String(error);
}
