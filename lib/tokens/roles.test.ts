// Every role endpoint on both role systems (AccessControl on ERC20, bitmap roles on ERC20_ALT), read
// back on chain, and Permit2 transfers of ERC20_ALT signed by the server.
import { beforeAll, describe, expect, it } from "vitest";
import { maxUint256, type Address } from "viem";
import { db } from "@/lib/db";
import { PERMIT2_ADDRESS } from "@/lib/chain/network/predeploys";
import { api, confirmed, deployToken, ERC20_FEATURES, eventsOf, read, tenant, type TestTenant } from "@/lib/tokens/testing";
import { ROLE_IDS } from "@/lib/tokens/standards";

const ALICE: Address = "0x00000000000000000000000000000000000000A1";
const BOB: Address = "0x00000000000000000000000000000000000000B0";

describe("AccessControl roles (ERC20)", () => {
  let t: TestTenant;
  let token: Awaited<ReturnType<typeof deployToken>>;
  const roles = (suffix = "") => `/v1/tokens/${token.id}/roles${suffix}`;
  const hasRole = (role: keyof typeof ROLE_IDS, who: Address) => read<boolean>(token, "hasRole", [ROLE_IDS[role], who]);

  beforeAll(async () => {
    t = await tenant();
    token = await deployToken(t, { name: "Roles", symbol: "RL", standard: "ERC20", features: ERC20_FEATURES });
  });

  it("lists every role with its members and admin", async () => {
    const res = await api(t, "GET", roles());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: "list", has_more: false, total: 4 });
    for (const role of res.body.data) expect(role).toMatchObject({ object: "role", admin_role: "DEFAULT_ADMIN_ROLE", members: [t.wallet] });
    expect(res.body.data.map((r: any) => r.name)).toEqual(["DEFAULT_ADMIN_ROLE", "MINTER_ROLE", "PAUSER_ROLE", "BURNER_ROLE"]);
    expect(res.body.data[1].id).toBe(ROLE_IDS.MINTER_ROLE);
  });

  it("grants (by name and by bytes32 id), checks, lists per address, revokes and renounces", async () => {
    await confirmed(t, "POST", roles(), { role: "MINTER_ROLE", address: ALICE });
    await confirmed(t, "POST", roles(), { role: ROLE_IDS.PAUSER_ROLE, address: ALICE });
    expect(await hasRole("MINTER_ROLE", ALICE)).toBe(true);
    expect(await hasRole("PAUSER_ROLE", ALICE)).toBe(true);

    expect((await api(t, "GET", `${roles("/check")}?role=MINTER_ROLE&address=${ALICE}`)).body).toEqual({
      object: "role_check", token: token.id, address: ALICE, role: "MINTER_ROLE", has_role: true,
    });
    expect((await api(t, "GET", `${roles("/check")}?role=BURNER_ROLE&address=${ALICE}`)).body.has_role).toBe(false);
    expect((await api(t, "GET", roles(`/${ALICE}`))).body).toEqual({ object: "address_roles", token: token.id, address: ALICE, roles: ["MINTER_ROLE", "PAUSER_ROLE"] });
    expect((await api(t, "GET", `${roles("/admin")}?role=MINTER_ROLE`)).body).toEqual({
      object: "role_admin", token: token.id, role: "MINTER_ROLE", admin_role: "DEFAULT_ADMIN_ROLE",
    });
    const listed = (await api(t, "GET", roles())).body.data.find((r: any) => r.name === "MINTER_ROLE");
    expect(listed.members).toEqual([t.wallet, ALICE]);

    await confirmed(t, "DELETE", roles(), { role: "MINTER_ROLE", address: ALICE }, 200);
    expect(await hasRole("MINTER_ROLE", ALICE)).toBe(false);

    await confirmed(t, "POST", roles("/renounce"), { role: "BURNER_ROLE" });
    expect(await hasRole("BURNER_ROLE", t.wallet)).toBe(false);
    expect((await api(t, "GET", roles(`/${t.wallet}`))).body.roles).toEqual(["DEFAULT_ADMIN_ROLE", "MINTER_ROLE", "PAUSER_ROLE"]);

    const granted = await eventsOf(t.id, "role.granted");
    expect(granted.map((e) => e.role)).toEqual(["MINTER_ROLE", "PAUSER_ROLE"]);
    expect(granted[0]).toMatchObject({ token: token.id, address: ALICE, role_id: ROLE_IDS.MINTER_ROLE, kind: "role.grant" });
    const revoked = await eventsOf(t.id, "role.revoked");
    expect(revoked).toMatchObject([{ role: "MINTER_ROLE", address: ALICE }, { role: "BURNER_ROLE", address: t.wallet, renounced: true }]);
  });

  it("404 for an unknown token, 400 for an unknown role or a bad address", async () => {
    expect((await api(t, "GET", `/v1/tokens/tok_nope/roles/${ALICE}`)).status).toBe(404);
    expect((await api(t, "GET", `${roles("/check")}?role=KING&address=${ALICE}`)).body.error).toMatchObject({ code: "role_unknown", param: "role" });
    expect((await api(t, "GET", roles("/0x12"))).body.error).toMatchObject({ code: "parameter_invalid", param: "address" });
    expect((await api(t, "DELETE", roles(), { role: "MINTER_ROLE" })).body.error).toMatchObject({ code: "parameter_missing", param: "address" });
  });
});

describe("bitmap roles and Permit2 (ERC20_ALT)", () => {
  let t: TestTenant;
  let token: Awaited<ReturnType<typeof deployToken>>;
  const roles = (suffix = "") => `/v1/tokens/${token.id}/roles${suffix}`;
  const bitmap = (who: Address) => read<bigint>(token, "rolesOf", [who]);

  beforeAll(async () => {
    t = await tenant();
    token = await deployToken(t, { name: "Alt", symbol: "ALT", standard: "ERC20_ALT", initial_supply: "1000", features: ERC20_FEATURES });
  });

  it("grants, decodes, checks any, revokes and renounces roles as bits", async () => {
    const listed = await api(t, "GET", roles());
    expect(listed.body.data.map((r: any) => [r.name, r.id, r.members])).toEqual([
      ["ADMIN_ROLE", "1", [t.wallet]], ["MINTER_ROLE", "2", [t.wallet]], ["PAUSER_ROLE", "4", [t.wallet]], ["BURNER_ROLE", "8", [t.wallet]],
    ]);
    await confirmed(t, "POST", roles(), { role: "MINTER_ROLE", address: BOB });
    await confirmed(t, "POST", roles(), { role: "BURNER_ROLE", address: BOB });
    expect(await bitmap(BOB)).toBe(10n);
    expect((await api(t, "GET", roles(`/alt/${BOB}`))).body).toEqual({ object: "role_bitmap", token: token.id, address: BOB, bitmap: "10", roles: ["MINTER_ROLE", "BURNER_ROLE"] });
    expect((await api(t, "GET", roles(`/${BOB}`))).body.roles).toEqual(["MINTER_ROLE", "BURNER_ROLE"]);

    const any = await api(t, "GET", `${roles("/check_any")}?roles=PAUSER_ROLE,BURNER_ROLE&address=${BOB}`);
    expect(any.body).toEqual({ object: "role_check", token: token.id, address: BOB, roles: ["PAUSER_ROLE", "BURNER_ROLE"], bitmap: "12", has_any: true });
    expect((await api(t, "GET", `${roles("/check_any")}?roles=PAUSER_ROLE,ADMIN_ROLE&address=${BOB}`)).body.has_any).toBe(false);
    expect((await api(t, "GET", `${roles("/check_any")}?roles=PAUSER_ROLE,NOPE&address=${BOB}`)).body.error).toMatchObject({ code: "role_unknown", param: "roles" });
    expect((await api(t, "GET", `${roles("/check")}?role=MINTER_ROLE&address=${BOB}`)).body.has_role).toBe(true);
    expect((await api(t, "GET", `${roles("/admin")}?role=MINTER_ROLE`)).body.admin_role).toBe("ADMIN_ROLE");

    await confirmed(t, "DELETE", roles(), { role: "MINTER_ROLE", address: BOB }, 200);
    expect(await bitmap(BOB)).toBe(8n);
    await confirmed(t, "POST", roles("/renounce"), { role: "PAUSER_ROLE" });
    expect(await bitmap(t.wallet)).toBe(11n);
    expect((await api(t, "GET", roles(`/alt/${t.wallet}`))).body.roles).toEqual(["ADMIN_ROLE", "MINTER_ROLE", "BURNER_ROLE"]);
    expect((await eventsOf(t.id, "role.revoked")).map((e) => e.role)).toEqual(["MINTER_ROLE", "PAUSER_ROLE"]);
  });

  it("permit2_transfer: the server signs, the tenant wallet relays through the canonical Permit2", async () => {
    const res = await api(t, "POST", `/v1/tokens/${token.id}/permit2_transfer`, { to: ALICE, amount: "100" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: "token.permit2_transfer", to: PERMIT2_ADDRESS });
    // The approval of Permit2 goes out first; the transfer behind it is estimated once it is mined.
    await confirmed(t, "POST", `/v1/tokens/${token.id}/permit2_transfer`, { to: ALICE, amount: "50" });
    const first = await db.transaction.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(first.status).toBe("confirmed");
    expect(await read<bigint>(token, "allowance", [t.wallet, PERMIT2_ADDRESS])).toBe(maxUint256);
    expect(await read<bigint>(token, "balanceOf", [ALICE])).toBe(150n);
    expect(await read<bigint>(token, "balanceOf", [t.wallet])).toBe(850n);
    // One approval of Permit2, given with the first transfer only.
    expect(await db.transaction.count({ where: { tokenId: token.id, kind: "token.permit2_approve" } })).toBe(1);
    const events = await eventsOf(t.id, "token.transferred");
    expect(events.map((e) => [e.amount, e.via]).sort()).toEqual([["100", "permit2"], ["50", "permit2"]]);

    const late = await api(t, "POST", `/v1/tokens/${token.id}/permit2_transfer`, { to: ALICE, amount: "1", deadline: 1 });
    expect(late.body.error).toMatchObject({ code: "parameter_invalid", param: "deadline" });
  });
});
