// Modules that move or count value, through the API: TransferFeesModule moves the fee to the collector
// (the module is made a token agent so it can forcedTransfer), ExchangeMonthlyLimitsModule caps
// transfers toward a tagged exchange identity. compliance/check agrees with the chain each time.
import { beforeAll, describe, expect, it } from "vitest";
import { api, confirmed, eventsOf, read, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { balanceOf, check, createModule, investor, investorTransfer, settleModuleWrites, tokenAbi, type Investor, type RegulatedTestToken } from "@/lib/trex/testing/compliance";

const path = (id: string, suffix: string) => `/v1/compliance/modules/${id}/${suffix}`;

describe("TransferFeesModule and ExchangeMonthlyLimitsModule", () => {
  let t: TestTenant;
  let token: RegulatedTestToken;
  let alice: Investor;
  let bob: Investor;
  let collector: Investor;
  let exchange: Investor;

  beforeAll(async () => {
    t = await tenant();
    token = await deployRegulatedToken(t, { name: "Fees", symbol: "FEE" });
    [alice, bob, collector, exchange] = [await investor(t, token, "FR"), await investor(t, token, "FR"), await investor(t, token, "LU"), await investor(t, token, "GB")];
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: alice.address, amount: "10000" });
  });

  it("TransferFees moves the fee to the collector", async () => {
    const module = await createModule(t, { kind: "TransferFeesModule", token_id: token.id, transfer_fees: { basis_points: 100, collector: collector.address } });
    expect(await read({ address: token.address, standard: "ERC3643" as never }, "isAgent", [module.address], tokenAbi)).toBe(true);
    expect((await api(t, "GET", path(module.id, "transfer_fees"))).body).toEqual({
      object: "transfer_fees", module: module.id, compliance: module.compliance, basis_points: 100, collector: collector.address,
    });

    expect((await check(t, token, alice.address, bob.address, 1000n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, bob.address, 1000n)).toBe("success");
    expect(await balanceOf(token, bob.address)).toBe(990n);
    expect(await balanceOf(token, collector.address)).toBe(10n);

    await confirmed(t, "POST", path(module.id, "set_transfer_fees"), { basis_points: 250, collector: collector.address });
    expect((await api(t, "GET", path(module.id, "module_params"))).body.transfer_fees).toEqual({ basis_points: 250, collector: collector.address });
    expect(await investorTransfer(alice, token, bob.address, 1000n)).toBe("success");
    expect(await balanceOf(token, bob.address)).toBe(990n + 975n);
    expect(await balanceOf(token, collector.address)).toBe(35n);

    // The collector must be a verified investor: refused before any chain write otherwise.
    const stranger = "0x00000000000000000000000000000000000000C0";
    expect((await api(t, "POST", path(module.id, "set_transfer_fees"), { basis_points: 10, collector: stranger })).body.error)
      .toMatchObject({ code: "collector_not_verified", param: "collector" });

    // A fee of 0 stops collection.
    await confirmed(t, "POST", path(module.id, "rules"), { rule: "transfer_fees", basis_points: 0, collector: collector.address });
    expect((await api(t, "GET", path(module.id, "transfer_fees"))).body.basis_points).toBe(0);

    // Out of the compliance the module loses its agent role; bound again it gets it back first.
    const isAgent = () => read({ address: token.address, standard: "ERC3643" as never }, "isAgent", [module.address], tokenAbi);
    await confirmed(t, "POST", path(module.id, "unbind_token"), {}, 200);
    await settleModuleWrites(module.id);
    expect(await isAgent()).toBe(false);
    await confirmed(t, "POST", path(module.id, "bind_token"), { token_id: token.id }, 200);
    expect(await isAgent()).toBe(true);
    expect((await api(t, "GET", path(module.id, "compliance_contract"))).body.bound).toBe(true);
    // Removed for the next test.
    await confirmed(t, "DELETE", path(module.id, "module"), {}, 200);
    await settleModuleWrites(module.id);
    expect(await isAgent()).toBe(false);
  });

  it("ExchangeMonthlyLimits caps transfers toward a tagged exchange identity", async () => {
    const module = await createModule(t, {
      kind: "ExchangeMonthlyLimitsModule", token_id: token.id, exchange_monthly_limits: [{ exchange_id: exchange.identity, monthly_limit: "100" }],
    });
    expect((await api(t, "GET", `${path(module.id, "is_exchange_id")}?exchange_id=${exchange.identity}`)).body).toEqual({
      object: "exchange_id_check", module: module.id, exchange_id: exchange.identity, is_exchange: true, monthly_limit: "100",
    });
    expect((await api(t, "GET", `${path(module.id, "is_exchange_id")}?exchange_id=${alice.identity}`)).body.is_exchange).toBe(false);

    expect(await investorTransfer(alice, token, exchange.address, 80n)).toBe("success");
    const refused = await check(t, token, alice.address, exchange.address, 30n);
    expect(refused.refused_by).toMatchObject({
      kind: "ExchangeMonthlyLimitsModule", module: module.id,
      reason: `ExchangeMonthlyLimitsModule: transfers from this investor toward the exchange identity ${exchange.identity} would reach 110 this month, over the monthly limit 100.`,
    });
    expect(await investorTransfer(alice, token, exchange.address, 30n)).toMatch(/Transfer not possible/);
    // Toward a wallet that is no exchange, no cap.
    expect((await check(t, token, alice.address, bob.address, 3000n)).allowed).toBe(true);

    await confirmed(t, "POST", path(module.id, "set_exchange_monthly_limit"), { exchange_id: exchange.identity, monthly_limit: "200" });
    expect((await check(t, token, alice.address, exchange.address, 30n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, exchange.address, 30n)).toBe("success");
    expect((await api(t, "GET", path(module.id, "module_params"))).body.exchange_monthly_limits).toEqual([{ exchange_id: exchange.identity, is_exchange: true, monthly_limit: "200" }]);

    // Untagged, the identity is an ordinary investor again: the cap no longer applies.
    expect((await check(t, token, alice.address, exchange.address, 500n)).allowed).toBe(false);
    await confirmed(t, "POST", path(module.id, "set_exchange_id"), { exchange_id: exchange.identity, tagged: false });
    expect((await check(t, token, alice.address, exchange.address, 500n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, exchange.address, 500n)).toBe("success");
    expect(await balanceOf(token, exchange.address)).toBe(610n);

    const rules = (await eventsOf(t.id, "compliance.rule.added")).filter((r) => r.module === module.id);
    expect(rules.map((r) => [r.rule, r.tagged ?? r.monthly_limit])).toEqual([
      ["exchange_id", true], ["exchange_monthly_limit", "100"], ["exchange_monthly_limit", "200"], ["exchange_id", false],
    ]);
  });
});
