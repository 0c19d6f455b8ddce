// Every kind the modules register has a name for people: its own entry, or the default made from its code.
import { describe, expect, it } from "vitest";
import { registeredKinds } from "@/lib/chain/registry/kinds";
import { defaultKindName, kindChoices, kindName } from "./transaction-kinds";

describe("kind names", () => {
  it("name every registered kind in words, never by its code", () => {
    const kinds = registeredKinds();
    expect(kinds.length).toBeGreaterThan(80);
    for (const kind of kinds) expect(kindName(kind), kind).toMatch(/^[A-Z0-9][^._]*$/);
    expect(kindChoices().map((c) => c.value).sort()).toEqual([...kinds].sort());
  });

  it("default to the code's words, a token kind without its area, acronyms in capitals", () => {
    expect(defaultKindName("token.nft_transfer")).toBe("NFT transfer");
    expect(defaultKindName("vault.deposit")).toBe("Vault deposit");
    expect(kindName("token.nft_transfer")).toBe("NFT transfer");
    expect(kindName("token.mint")).toBe("Mint");
    expect(kindName("governance.vote")).toBe("Vote");
  });

  it("keep the code of a kind no module registers (a record of an older version)", () => {
    expect(kindName("token.retired_kind")).toBe("token.retired_kind");
  });
});
