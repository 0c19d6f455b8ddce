// The error map: every zod issue in our words, an unknown field named before what its typo left missing.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { CreateTokenInput, MintInput } from "@/lib/schemas/tokens";
import { ListQuery } from "@/lib/schemas/common";
import { parseOrThrow } from "./validation";

const token = { name: "Acme", symbol: "ACME", standard: "ERC20", network: "polygon_amoy" };

function failure(schema: z.ZodType, input: unknown, where: "body" | "query" = "body") {
  try {
    parseOrThrow(schema, input, where);
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message, param: error.param };
    throw error;
  }
  throw new Error("parsed");
}

describe("parseOrThrow", () => {
  it("names an unknown field as unknown, not the field its typo left missing", () => {
    const { symbol, ...rest } = token;
    expect(symbol).toBe("ACME");
    expect(failure(CreateTokenInput, { ...rest, symbl: "ACME" })).toEqual({ code: "parameter_unknown", message: "Unknown parameter: symbl", param: "symbl" });
    expect(failure(CreateTokenInput, { ...token, features: { mintabl: true } })).toMatchObject({ code: "parameter_unknown", param: "features.mintabl" });
  });

  it("phrases zod's own issues in our words", () => {
    const cases: [unknown, string][] = [
      [{ ...token, symbol: 5 }, "Invalid symbol: must be a string, not a number"],
      [{ ...token, name: "" }, "Invalid name: must not be empty"],
      [{ ...token, standard: "ERC21" }, 'Invalid standard: must be one of "ERC20", "ERC20_ALT", "ERC721", "ERC1155", "ERC3643"'],
      [{ ...token, decimals: 40 }, "Invalid decimals: must be at most 36"],
      [{ ...token, decimals: 1.5 }, "Invalid decimals: must be a whole number"],
      [{ ...token, features: { mintable: "yes" } }, "Invalid features.mintable: must be true or false, not a string"],
      [{ ...token, initial_supply: 5 }, "Invalid initial_supply: must be a string, not a number"],
    ];
    for (const [input, message] of cases) expect(failure(CreateTokenInput, input).message).toBe(message);
    expect(failure(ListQuery, { limit: "many" }, "query").message).toBe("Invalid limit: must be a number");
    expect(failure(ListQuery, { limit: "0" }, "query").message).toBe("Invalid limit: must be at least 1");
  });

  it("never lets zod's wording through", () => {
    const inputs: unknown[] = [{ to: 1, amount: null }, { to: "0x0", amount: "1.5" }, { to: [], amount: {} }, { amount: NaN }];
    for (const input of inputs) expect(failure(MintInput, input).message).not.toMatch(/Invalid input|expected \w+, received|Too (big|small)|Invalid option/);
    expect(failure(ListQuery, { limit: "many" }, "query").message).not.toMatch(/NaN|received/);
  });

  it("keeps a schema's own message and reports a missing field as missing", () => {
    expect(failure(CreateTokenInput, { ...token, initial_supply: "1.5" }).message).toMatch(/^Invalid initial_supply: must be a decimal integer string/);
    expect(failure(CreateTokenInput, { name: "Acme", standard: "ERC20", network: "polygon_amoy" })).toEqual({ code: "parameter_missing", message: "Missing required parameter: symbol", param: "symbol" });
  });
});
