// A revert's reason as a person reads it: require messages and panics without the ABI plumbing around them.
import { describe, expect, it } from "vitest";
import { BaseError, encodeErrorResult, parseAbi } from "viem";
import { revertReason } from "@/lib/chain/records/revert";

const [solidityError, solidityPanic] = parseAbi(["error Error(string message)", "error Panic(uint256 code)"]);
const reverted = (data: `0x${string}`) => Object.assign(new BaseError("execution reverted"), { data });

describe("revertReason", () => {
  it("gives a require message as written, not as Error(0: …)", () => {
    const data = encodeErrorResult({ abi: [solidityError], errorName: "Error", args: ["Identity is not verified."] });
    expect(revertReason(reverted(data))).toBe("Identity is not verified.");
  });

  it("names a panic's cause", () => {
    const data = encodeErrorResult({ abi: [solidityPanic], errorName: "Panic", args: [0x11n] });
    expect(revertReason(reverted(data))).toBe("Panic (code 17): an arithmetic operation overflowed or underflowed");
  });
});
