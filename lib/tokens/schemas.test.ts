// Unit checks of the token schemas and role tables (no chain, no database).
import { describe, expect, it } from "vitest";
import { keccak256, maxUint256, toHex } from "viem";
import { CreateTokenInput, MintInput, PermitInput, RoleCheckAnyQuery } from "@/lib/schemas/tokens";
import { ALT_ROLE_BITS, decodeRoleBitmap, ROLE_IDS, roleNameOfId } from "@/lib/tokens/standards";

const issue = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues[0]?.path.join(".");

describe("token schemas", () => {
  it("create: defaults, strictness and bounds", () => {
    const parsed = CreateTokenInput.parse({ name: " Acme ", symbol: "ACM", standard: "ERC20", network: "polygon_amoy" });
    expect(parsed).toMatchObject({ name: "Acme", features: { mintable: true, burnable: false, pausable: false } });
    expect(parsed.initial_supply).toBeUndefined();
    expect(issue(CreateTokenInput.safeParse({ ...parsed, symbol: "A B" }))).toBe("symbol");
    expect(issue(CreateTokenInput.safeParse({ ...parsed, initial_supply: (maxUint256 + 1n).toString() }))).toBe("initial_supply");
    expect(CreateTokenInput.safeParse({ ...parsed, initial_supply: maxUint256.toString() }).success).toBe(true);
  });

  it("addresses: any case in, checksummed out; a wrong mixed-case checksum is refused", () => {
    const lower = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    expect(MintInput.parse({ to: lower, amount: "1" }).to).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3");
    expect(MintInput.parse({ to: lower.toUpperCase().replace("0X", "0x"), amount: "1" }).to).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3");
    expect(issue(MintInput.safeParse({ to: "0x5FbDB2315678afecb367f032d93F642f64180aA3", amount: "1" }))).toBe("to");
    expect(issue(MintInput.safeParse({ to: "0x5FbDB", amount: "1" }))).toBe("to");
  });

  it("amounts never reach BigInt unless they are digits", () => {
    for (const amount of ["1.5", "-1", "1e18", "", " 1"]) expect(issue(MintInput.safeParse({ to: "0x" + "1".repeat(40), amount }))).toBe("amount");
  });

  it("permit: a 65-byte signature or v, r and s, not both", () => {
    const base = { owner: "0x" + "1".repeat(40), spender: "0x" + "2".repeat(40), value: "1", deadline: 1 };
    const r = "0x" + "a".repeat(64);
    expect(PermitInput.safeParse({ ...base, signature: "0x" + "ab".repeat(65) }).success).toBe(true);
    expect(PermitInput.safeParse({ ...base, v: 27, r, s: r }).success).toBe(true);
    expect(PermitInput.safeParse({ ...base, deadline: maxUint256.toString(), v: 28, r, s: r }).success).toBe(true);
    expect(issue(PermitInput.safeParse(base))).toBe("signature");
    expect(issue(PermitInput.safeParse({ ...base, v: 27, r }))).toBe("s");
    expect(issue(PermitInput.safeParse({ ...base, signature: "0x" + "ab".repeat(64) }))).toBe("signature");
    expect(issue(PermitInput.safeParse({ ...base, signature: "0x" + "ab".repeat(65), v: 27 }))).toBe("signature");
  });

  it("check_any takes a comma-separated list", () => {
    expect(RoleCheckAnyQuery.parse({ roles: "MINTER_ROLE,BURNER_ROLE", address: "0x" + "1".repeat(40) }).roles).toBe("MINTER_ROLE,BURNER_ROLE");
  });
});

describe("role tables", () => {
  it("AccessControl ids are keccak256 of the names, admin is zero", () => {
    expect(ROLE_IDS.MINTER_ROLE).toBe(keccak256(toHex("MINTER_ROLE")));
    expect(roleNameOfId(ROLE_IDS.DEFAULT_ADMIN_ROLE)).toBe("DEFAULT_ADMIN_ROLE");
    expect(roleNameOfId(`0x${"ab".repeat(32)}`)).toBeNull();
  });

  it("bitmaps decode to names, unknown bits ignored", () => {
    expect(decodeRoleBitmap(0n)).toEqual([]);
    expect(decodeRoleBitmap(ALT_ROLE_BITS.MINTER_ROLE | ALT_ROLE_BITS.BURNER_ROLE | 1024n)).toEqual(["MINTER_ROLE", "BURNER_ROLE"]);
    expect(decodeRoleBitmap(15n)).toEqual(["ADMIN_ROLE", "MINTER_ROLE", "PAUSER_ROLE", "BURNER_ROLE"]);
  });
});
