// Country modules on a regulated token, through the API: CountryRestrictModule blocks a restricted
// country and CountryAllowModule admits only listed ones; compliance/check agrees with the chain each
// time (the investor's own transfer goes through or is refused). Also the module's lifecycle on its
// token's ModularCompliance: reads, unbind, bind again, remove.
import { beforeAll, describe, expect, it } from "vitest";
import { api, confirmed, eventsOf, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { balanceOf, check, createModule, investor, investorTransfer, type Investor, type RegulatedTestToken } from "@/lib/trex/testing/compliance";

describe("country modules", () => {
  let t: TestTenant;
  let token: RegulatedTestToken;
  let alice: Investor; // FR
  let bob: Investor; // DE
  let carol: Investor; // US
  const path = (id: string, suffix: string) => `/v1/compliance/modules/${id}/${suffix}`;

  beforeAll(async () => {
    t = await tenant();
    token = await deployRegulatedToken(t, { name: "Country", symbol: "CTY" });
    alice = await investor(t, token, "FR");
    bob = await investor(t, token, "DE");
    carol = await investor(t, token, 840);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: alice.address, amount: "1000" });
  });

  it("CountryRestrictModule blocks a restricted country; check agrees with the chain; restrictions change on chain", async () => {
    const module = await createModule(t, { kind: "CountryRestrictModule", token_id: token.id, countries: ["US"] });
    expect(module).toMatchObject({ token: token.id, compliance: token.regulated.compliance, bound: true, params: { countries: [840] } });

    const refused = await check(t, token, alice.address, carol.address, 10n);
    expect(refused).toMatchObject({ allowed: false, can_transfer: false, refused_by: { rule: "module", kind: "CountryRestrictModule", module: module.id } });
    expect(refused.refused_by!.reason).toBe("CountryRestrictModule: the receiver's country US (840) is restricted.");
    expect(await investorTransfer(alice, token, carol.address, 10n)).toMatch(/Transfer not possible/);
    expect((await check(t, token, alice.address, bob.address, 10n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, bob.address, 10n)).toBe("success");

    await confirmed(t, "POST", path(module.id, "add_country_restriction"), { country: "de" });
    expect((await check(t, token, alice.address, bob.address, 10n)).refused_by!.reason).toMatch(/DE \(276\) is restricted/);
    expect(await investorTransfer(alice, token, bob.address, 10n)).toMatch(/Transfer not possible/);
    expect((await api(t, "GET", `${path(module.id, "is_allowed_country")}?country=DE`)).body).toEqual({
      object: "country_check", module: module.id, kind: "CountryRestrictModule", country: { alpha2: "DE", numeric: 276 }, allowed: false,
    });

    // A change the module refuses fails with its reason, and is no rule.
    const again = await api(t, "POST", path(module.id, "add_country_restriction"), { country: "DE" });
    expect(again.status).toBe(201);
    expect(await settled(again.body.id)).toMatchObject({ status: "failed", errorMessage: expect.stringMatching(/country already restricted/) });

    await confirmed(t, "POST", path(module.id, "remove_country_restriction"), { country: 840 });
    expect((await check(t, token, alice.address, carol.address, 10n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, carol.address, 10n)).toBe("success");

    await confirmed(t, "POST", path(module.id, "batch_add_country_restrictions"), { countries: ["IT", "250"] });
    await confirmed(t, "POST", path(module.id, "rules"), { rule: "unrestrict_countries", countries: ["IT"] });
    const params = await api(t, "GET", path(module.id, "module_params"));
    expect(params.body).toEqual({
      object: "module_params", module: module.id, kind: "CountryRestrictModule", compliance: module.compliance,
      restricted_countries: [{ alpha2: "FR", numeric: 250 }, { alpha2: "DE", numeric: 276 }],
    });

    const rules = await eventsOf(t.id, "compliance.rule.added");
    expect(rules.map((r) => [r.rule, r.country ?? r.countries])).toEqual([
      ["restrict_countries", [840]], ["restrict_country", 276], ["unrestrict_country", 840], ["restrict_countries", [380, 250]], ["unrestrict_countries", [380]],
    ]);
    expect(rules[0]).toMatchObject({ object: "compliance_rule", module: module.id, kind: "CountryRestrictModule", token: token.id, compliance: module.compliance });
    const deployed = await eventsOf(t.id, "compliance.module.deployed");
    expect(deployed).toMatchObject([{ id: module.id, status: "deployed", address: module.address }]);
    expect(await eventsOf(t.id, "compliance.token.bound")).toMatchObject([{ module: module.id, token: token.id, compliance: module.compliance }]);
  });

  it("reads the compliance on chain, unbinds, binds again and removes the module", async () => {
    const [module] = (await api(t, "GET", "/v1/compliance/modules?kind=CountryRestrictModule")).body.data;
    expect((await api(t, "GET", `/v1/compliance/modules/on_chain?token_id=${token.id}`)).body).toEqual({
      object: "on_chain_modules", token: token.id, compliance: module.compliance, modules: [{ address: module.address, name: "CountryRestrictModule", module: module.id }],
    });
    expect((await api(t, "GET", path(module.id, "compliance_contract"))).body).toEqual({
      object: "compliance_contract", module: module.id, token: token.id, compliance: module.compliance, bound: true,
    });
    expect((await api(t, "GET", `/v1/compliance/modules/is_token_bound?token_id=${token.id}`)).body).toEqual({
      object: "token_binding", token: token.id, compliance: module.compliance, token_bound: token.address, bound: true,
    });
    const isBound = () => api(t, "GET", `/v1/compliance/modules/is_module_bound?module_id=${module.id}&token_id=${token.id}`);
    expect((await isBound()).body).toEqual({ object: "module_binding", module: module.id, token: token.id, compliance: module.compliance, bound: true });

    await confirmed(t, "POST", path(module.id, "unbind_token"), { token_id: token.id }, 200);
    expect((await isBound()).body.bound).toBe(false);
    expect((await api(t, "GET", `/v1/compliance/modules/${module.id}`)).body).toMatchObject({ bound: false, status: "deployed" });
    expect(await eventsOf(t.id, "compliance.token.unbound")).toMatchObject([{ module: module.id, token: token.id }]);
    // Out of the compliance, the module no longer refuses France.
    expect((await check(t, token, alice.address, alice.address, 1n)).checks.filter((c) => c.rule === "module")).toEqual([]);
    expect((await api(t, "POST", path(module.id, "add_country_restriction"), { country: "US" })).body.error).toMatchObject({ code: "module_not_bound" });

    await confirmed(t, "POST", path(module.id, "bind_token"), { token_id: token.id }, 200);
    expect((await isBound()).body.bound).toBe(true);
    // Its parameters are kept per compliance by the module: France is restricted again.
    expect((await check(t, token, bob.address, alice.address, 1n)).refused_by!.kind).toBe("CountryRestrictModule");
    expect((await api(t, "POST", path(module.id, "bind_token"), { token_id: token.id })).body.error).toMatchObject({ code: "module_already_bound" });

    await confirmed(t, "DELETE", path(module.id, "module"), {}, 200);
    expect((await api(t, "GET", `/v1/compliance/modules/${module.id}`)).body).toMatchObject({ status: "removed", bound: false });
    expect((await api(t, "GET", `/v1/compliance/modules/on_chain?token_id=${token.id}`)).body.modules).toEqual([]);
    expect(await eventsOf(t.id, "compliance.module.removed")).toMatchObject([{ id: module.id, status: "removed" }]);
    expect((await api(t, "DELETE", path(module.id, "module"), {})).body.error).toMatchObject({ code: "module_removed" });
  });

  it("CountryAllowModule admits only listed countries; check agrees with the chain", async () => {
    const module = await createModule(t, { kind: "CountryAllowModule", token_id: token.id, countries: ["FR", "DE"] });
    const before = await balanceOf(token, bob.address);
    expect((await check(t, token, alice.address, bob.address, 5n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, bob.address, 5n)).toBe("success");
    expect(await balanceOf(token, bob.address)).toBe(before + 5n);

    const refused = await check(t, token, alice.address, carol.address, 5n);
    expect(refused.refused_by).toMatchObject({ kind: "CountryAllowModule", reason: "CountryAllowModule: the receiver's country US (840) is not on the allowed list." });
    expect(await investorTransfer(alice, token, carol.address, 5n)).toMatch(/Transfer not possible/);

    await confirmed(t, "POST", path(module.id, "add_allowed_country"), { country: "US" });
    expect((await api(t, "GET", `${path(module.id, "is_allowed_country")}?country=840`)).body.allowed).toBe(true);
    expect((await check(t, token, alice.address, carol.address, 5n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, carol.address, 5n)).toBe("success");

    await confirmed(t, "POST", path(module.id, "remove_allowed_country"), { country: "DE" });
    expect((await check(t, token, alice.address, bob.address, 5n)).refused_by!.reason).toMatch(/DE \(276\) is not on the allowed list/);
    expect(await investorTransfer(alice, token, bob.address, 5n)).toMatch(/Transfer not possible/);
    expect((await api(t, "GET", path(module.id, "module_params"))).body.allowed_countries).toEqual([{ alpha2: "US", numeric: 840 }, { alpha2: "FR", numeric: 250 }].sort((a, b) => a.numeric - b.numeric));
  });
});
