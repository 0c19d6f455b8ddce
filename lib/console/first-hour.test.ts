// The console's first-hour helpers: amounts typed in token units, usage levels, and API messages in console words.
import { describe, expect, it } from "vitest";
import { formatWithSymbol, toBaseUnits } from "./amounts";
import { bodyFromForm, unitErrors } from "./forms";
import { usageLevel } from "./usage";
import { consoleMessage, consoleWording } from "./wording";

const form = (entries: [string, string][]) => entries as Iterable<[string, FormDataEntryValue]>;

describe("amounts in token units", () => {
  it("converts what a person types by the token's decimals, refusing more decimals than it has", () => {
    expect(toBaseUnits("1.5", 18)).toEqual({ raw: "1500000000000000000" });
    expect(toBaseUnits(" 1,000 ", 6)).toEqual({ raw: "1000000000" });
    expect(toBaseUnits(".5", 1)).toEqual({ raw: "5" });
    expect(toBaseUnits("42", 0)).toEqual({ raw: "42" });
    expect(toBaseUnits("1.5", 0)).toEqual({ error: "This token has no decimals: enter a whole number." });
    expect(toBaseUnits("0.0000001", 6)).toEqual({ error: "This token has 6 decimals: at most 6 digits after the point." });
    expect(toBaseUnits("1e5", 18)).toEqual({ error: "Enter an amount such as 1.5." });
    expect(formatWithSymbol("1001500000000000000000", 18, "HOUR")).toBe("1,001.5 HOUR");
  });

  it("sends a units field in the smallest unit, and says why one cannot be converted", () => {
    expect(bodyFromForm(form([["amount", "1.5"], ["to", "0xabc"]]), { amount: "units", to: "string" }, 18)).toEqual({ amount: "1500000000000000000", to: "0xabc" });
    expect(unitErrors(form([["amount", "1.25"]]), { amount: "units" }, 1)).toEqual({ amount: "This token has 1 decimal: at most 1 digit after the point." });
  });
});

describe("usage levels", () => {
  it("are calm below 80 %, amber from 80 % and red at 100 %; unlimited is calm", () => {
    expect(usageLevel(7, 10)).toBe("ok");
    expect(usageLevel(8, 10)).toBe("warning");
    expect(usageLevel(10, 10)).toBe("full");
    expect(usageLevel(11, 10)).toBe("full");
    expect(usageLevel(1_000_000, null)).toBe("ok");
  });
});

describe("console wording", () => {
  it("keeps the facts of an API message without env-var names or API paths, and links the page that fixes it", () => {
    const quota = consoleMessage({
      code: "quota_exceeded",
      message: "Quota exceeded: the Free plan allows 3 webhook endpoints, and 3 are used. Remove some to make room, or upgrade. Upgrade to Growth (20 webhook endpoints) with POST /v1/billing/checkout (card) or POST /v1/billing/crypto_checkout, or contact sales for Enterprise.",
    });
    expect(quota).toEqual({
      message: "Quota exceeded: the Free plan allows 3 webhook endpoints, and 3 are used. Remove some to make room, or upgrade.",
      link: { href: "/billing", label: "Upgrade on the Billing page" },
    });
    const card = consoleWording("Card checkout is not available: card payments are not configured on this server (STRIPE_SECRET_KEY). Crypto checkout works: POST /v1/billing/crypto_checkout.");
    expect(card).toBe("Card checkout is not available: card payments are not configured on this server.");
    // Role names are not settings.
    expect(consoleWording("The wallet lacks MINTER_ROLE on token 'tok_1'.")).toBe("The wallet lacks MINTER_ROLE on token 'tok_1'.");
    for (const text of [quota.message, card]) expect(text).not.toMatch(/[A-Z]+_[A-Z_]*(KEY|SECRET)|\/v1\//);
  });
});
