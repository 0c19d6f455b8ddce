// The compliance module API's edges: configuration-only records (400 on every configuration call),
// a call of the wrong kind refused before any chain write, input validation, list filters, and every
// endpoint answering 404 to another tenant.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, deployToken, ERC20_FEATURES, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { createModule, type RegulatedTestToken } from "@/lib/trex/testing/compliance";

const ZERO_ID = "0x0000000000000000000000000000000000000001";
const path = (id: string, suffix = "") => `/v1/compliance/modules/${id}${suffix ? `/${suffix}` : ""}`;

// Every module endpoint with a body that passes validation, so only the module decides the answer.
const MODULE_CALLS: [string, string, unknown?][] = [
  ["GET", ""],
  ["POST", "add_allowed_country", { country: "FR" }],
  ["POST", "remove_allowed_country", { country: "FR" }],
  ["POST", "add_country_restriction", { country: "FR" }],
  ["POST", "remove_country_restriction", { country: "FR" }],
  ["POST", "batch_add_country_restrictions", { countries: ["FR", "DE"] }],
  ["POST", "set_max_balance", { max_balance: "10" }],
  ["POST", "set_supply_limit", { supply_limit: "10" }],
  ["POST", "set_time_transfer_limits", { limits: [{ period_sec: 60, max_amount: "10" }] }],
  ["POST", "set_transfer_fees", { basis_points: 10, collector: ZERO_ID }],
  ["POST", "set_exchange_id", { exchange_id: ZERO_ID }],
  ["POST", "set_exchange_monthly_limit", { exchange_id: ZERO_ID, monthly_limit: "10" }],
  ["POST", "rules", { rule: "max_balance", max_balance: "10" }],
  ["POST", "bind_token", { token_id: "tok_x" }],
  ["POST", "unbind_token", {}],
  ["DELETE", "module", {}],
  ["GET", "compliance_contract"],
  ["GET", "is_allowed_country?country=FR"],
  ["GET", `is_exchange_id?exchange_id=${ZERO_ID}`],
  ["GET", "module_params"],
  ["GET", "time_transfer_limits"],
  ["GET", "transfer_fees"],
];

describe("compliance module API", () => {
  let t: TestTenant;
  let other: TestTenant;
  let token: RegulatedTestToken;
  let supply: Awaited<ReturnType<typeof createModule>>;
  let configOnly: any;

  beforeAll(async () => {
    [t, other] = [await tenant(), await tenant()];
    token = await deployRegulatedToken(t, { name: "Api", symbol: "API" });
    supply = await createModule(t, { kind: "SupplyLimitModule", token_id: token.id, supply_limit: "100" });
    const res = await api(t, "POST", "/v1/compliance/modules", { kind: "MaxBalanceModule", on_chain: false, network: "polygon_amoy", max_balance: "10" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    configOnly = res.body;
  });

  it("keeps a configuration-only module as a record and answers 400 to every configuration call on it", async () => {
    expect(configOnly).toMatchObject({
      object: "compliance_module", kind: "MaxBalanceModule", on_chain: false, status: "configured", network: "polygon_amoy",
      address: null, token: null, compliance: null, bound: false, params: { max_balance: "10" },
    });
    expect((await api(t, "GET", path(configOnly.id))).body).toEqual(configOnly);
    for (const [method, suffix, body] of [
      ["POST", "set_max_balance", { max_balance: "5" }], ["POST", "rules", { rule: "max_balance", max_balance: "5" }],
      ["POST", "bind_token", { token_id: token.id }], ["POST", "unbind_token", {}], ["DELETE", "module", {}],
      ["GET", "module_params"], ["GET", "compliance_contract"],
    ] as const) {
      const res = await api(t, method, path(configOnly.id, suffix), body);
      expect(res.status, suffix).toBe(400);
      expect(res.body.error, suffix).toMatchObject({ code: "module_not_on_chain", param: "id" });
    }
    // A rule of another kind is refused for its kind first.
    expect((await api(t, "POST", path(configOnly.id, "set_supply_limit"), { supply_limit: "5" })).body.error).toMatchObject({ code: "module_kind_mismatch" });
  });

  it("refuses a call of the wrong kind with 400 before any chain write", async () => {
    const before = await db.transaction.count({ where: { tenantId: t.id } });
    for (const [method, suffix, body] of MODULE_CALLS) {
      if (["", "set_supply_limit", "bind_token", "unbind_token", "module", "compliance_contract", "module_params"].includes(suffix)) continue;
      const res = await api(t, method, path(supply.id, suffix), body);
      expect(res.status, suffix).toBe(400);
      expect(res.body.error, suffix).toMatchObject({ code: "module_kind_mismatch", param: "id" });
    }
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(before);
    expect((await api(t, "POST", path(supply.id, "rules"), { rule: "allow_countries", countries: ["FR"] })).body.error.message)
      .toBe("rules applies to CountryAllowModule; '" + supply.id + "' is a SupplyLimitModule.");
    expect((await api(t, "GET", path(supply.id, "module_params"))).body).toMatchObject({ supply_limit: "100" });
    expect((await api(t, "POST", path(supply.id, "unbind_token"), { token_id: "tok_nope" })).status).toBe(404);
  });

  it("validates bodies: kind parameters, countries, amounts, the token", async () => {
    const create = (body: object) => api(t, "POST", "/v1/compliance/modules", body);
    expect((await create({ kind: "CountryAllowModule", token_id: token.id, max_balance: "1" })).body.error).toMatchObject({ code: "parameter_invalid", param: "max_balance" });
    expect((await create({ kind: "CountryAllowModule", on_chain: true })).body.error).toMatchObject({ code: "parameter_missing", param: "token_id" });
    expect((await create({ kind: "CountryAllowModule", on_chain: false, token_id: token.id })).body.error).toMatchObject({ param: "token_id" });
    expect((await create({ kind: "CountryAllowModule", token_id: token.id, countries: ["XX"] })).body.error).toMatchObject({ param: "countries.0" });
    expect((await create({ kind: "NopeModule", token_id: token.id })).body.error).toMatchObject({ param: "kind" });
    expect((await create({ kind: "SupplyLimitModule", token_id: "tok_nope" })).status).toBe(404);
    const erc20 = await deployToken(t, { name: "Plain", symbol: "PLN", standard: "ERC20", features: ERC20_FEATURES });
    expect((await create({ kind: "SupplyLimitModule", token_id: erc20.id })).body.error).toMatchObject({ code: "unsupported_standard" });
    expect((await api(t, "POST", path(supply.id, "set_supply_limit"), { supply_limit: "-1" })).body.error).toMatchObject({ param: "supply_limit" });
    expect((await api(t, "POST", path(supply.id, "set_time_transfer_limits"), {
      limits: Array.from({ length: 5 }, (_, i) => ({ period_sec: i + 1, max_amount: "1" })),
    })).body.error).toMatchObject({ param: "limits" });
    expect((await api(t, "GET", `/v1/compliance/modules/is_module_bound?module_id=${configOnly.id}`)).body.error).toMatchObject({ code: "module_not_on_chain" });
  });

  it("lists the tenant's modules with filters", async () => {
    const all = await api(t, "GET", "/v1/compliance/modules");
    expect(all.body).toMatchObject({ object: "list", total: 2, has_more: false });
    expect(all.body.data.map((m: any) => m.id)).toEqual([configOnly.id, supply.id]);
    expect((await api(t, "GET", `/v1/compliance/modules?token_id=${token.id}`)).body.data.map((m: any) => m.id)).toEqual([supply.id]);
    expect((await api(t, "GET", "/v1/compliance/modules?status=configured")).body.total).toBe(1);
    expect((await api(t, "GET", "/v1/compliance/modules?kind=SupplyLimitModule&limit=1")).body).toMatchObject({ total: 1, has_more: false });
    expect((await api(other, "GET", "/v1/compliance/modules")).body).toMatchObject({ total: 0, data: [] });
  });

  it("answers 404 to another tenant on every endpoint", async () => {
    for (const [method, suffix, body] of MODULE_CALLS) {
      const res = await api(other, method, path(supply.id, suffix), body);
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body.error).toMatchObject({ code: "resource_missing" });
    }
    const reads = [
      `/v1/compliance/modules/is_module_bound?module_id=${supply.id}`,
      `/v1/compliance/modules/is_token_bound?token_id=${token.id}`,
      `/v1/compliance/modules/on_chain?token_id=${token.id}`,
    ];
    for (const url of reads) expect((await api(other, "GET", url)).status, url).toBe(404);
    expect((await api(other, "POST", "/v1/compliance/modules", { kind: "SupplyLimitModule", token_id: token.id })).status).toBe(404);
    expect((await api(other, "POST", `/v1/tokens/${token.id}/compliance/check`, { from: ZERO_ID, to: ZERO_ID, amount: "1" })).status).toBe(404);
    // and the module is untouched
    expect((await api(t, "GET", path(supply.id))).body).toMatchObject({ status: "deployed", bound: true });
  });
});
