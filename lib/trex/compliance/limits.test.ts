// Amount modules on regulated tokens, through the API: MaxBalanceModule caps a holder, SupplyLimitModule
// caps minting, TimeTransfersLimitsModule blocks a transfer beyond its window's cap. Each time
// compliance/check names the refusing module with its reason, and the chain agrees (the mint fails with
// the decoded reason, the investor's own transfer reverts).
import { describe, expect, it } from "vitest";
import { zeroAddress } from "viem";
import { api, confirmed, settled, type TestTenant } from "@/lib/tokens/testing";
import { balanceOf, check, createModule, investor, investorTransfer, type RegulatedTestToken, regulatedFixture } from "@/lib/trex/testing/compliance";

const path = (id: string, suffix: string) => `/v1/compliance/modules/${id}/${suffix}`;

async function refusedMint(t: TestTenant, token: RegulatedTestToken, to: `0x${string}`, amount: string) {
  const res = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to, amount });
  expect(res.status).toBe(201);
  const tx = await settled(res.body.id);
  expect(tx.status).toBe("failed");
  expect(tx.errorMessage).toMatch(/Compliance not followed/);
}

describe("MaxBalanceModule", () => {
  const fixture = regulatedFixture({ name: "Capped", symbol: "CAP" }, ["FR", "FR"]);

  it("caps a holder's balance, on mint and on transfer", async () => {
    const { t, token, investors: [alice, bob] } = fixture;
    const module = await createModule(t, { kind: "MaxBalanceModule", token_id: token.id, max_balance: "1000" });
    expect((await check(t, token, zeroAddress, alice.address, 800n)).allowed).toBe(true);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: alice.address, amount: "800" });

    const overMint = await check(t, token, zeroAddress, alice.address, 300n);
    expect(overMint).toMatchObject({ allowed: false, can_transfer: false, refused_by: { rule: "module", kind: "MaxBalanceModule", module: module.id } });
    expect(overMint.refused_by!.reason).toBe("MaxBalanceModule: the receiver's balance would exceed 1000 (its identity holds 800, plus 300).");
    await refusedMint(t, token, alice.address, "300");

    expect(await investorTransfer(alice, token, bob.address, 300n)).toBe("success");
    expect((await check(t, token, alice.address, bob.address, 500n)).allowed).toBe(true);
    await confirmed(t, "POST", path(module.id, "set_max_balance"), { max_balance: "700" });
    expect((await api(t, "GET", path(module.id, "module_params"))).body).toEqual({
      object: "module_params", module: module.id, kind: "MaxBalanceModule", compliance: module.compliance, max_balance: "700",
    });
    const overTransfer = await check(t, token, alice.address, bob.address, 500n);
    expect(overTransfer.refused_by!.reason).toBe("MaxBalanceModule: the receiver's balance would exceed 700 (its identity holds 300, plus 500).");
    expect(await investorTransfer(alice, token, bob.address, 500n)).toMatch(/Transfer not possible/);
    expect(await balanceOf(token, bob.address)).toBe(300n);

    await confirmed(t, "POST", path(module.id, "rules"), { rule: "max_balance", max_balance: "900" });
    expect((await check(t, token, alice.address, bob.address, 500n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, bob.address, 500n)).toBe("success");
  });

  it("binds to a token with supply only after presetCompleted", async () => {
    const { t, token, investors: [alice, bob] } = fixture;
    const refused = await api(t, "POST", "/v1/compliance/modules", { kind: "MaxBalanceModule", token_id: token.id, max_balance: "5000" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "module_cannot_bind", param: "token_id" });
    const module = await createModule(t, { kind: "MaxBalanceModule", token_id: token.id, max_balance: "5000", preset_completed: true });
    expect(module.params).toEqual({ max_balance: "5000", preset_completed: true });
    expect((await api(t, "GET", path(module.id, "compliance_contract"))).body.bound).toBe(true);

    // The first module, bound at zero supply: out of the compliance, it binds again only with the preset completed.
    const [first] = (await api(t, "GET", "/v1/compliance/modules?kind=MaxBalanceModule")).body.data.slice(-1);
    await confirmed(t, "POST", path(first.id, "unbind_token"), { token_id: token.id }, 200);
    const again = await api(t, "POST", path(first.id, "bind_token"), { token_id: token.id });
    expect(again.body.error).toMatchObject({ code: "module_cannot_bind", param: "token_id" });
    await confirmed(t, "POST", path(first.id, "bind_token"), { token_id: token.id, preset_completed: true }, 200);
    expect((await api(t, "GET", `/v1/compliance/modules/is_module_bound?module_id=${first.id}`)).body.bound).toBe(true);
  });
});

describe("SupplyLimitModule and TimeTransfersLimitsModule", () => {
  const fixture = regulatedFixture({ name: "Limited", symbol: "LIM" }, ["DE", "DE"]);

  it("SupplyLimitModule caps minting", async () => {
    const { t, token, investors: [alice, bob] } = fixture;
    const module = await createModule(t, { kind: "SupplyLimitModule", token_id: token.id, supply_limit: "1000" });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: alice.address, amount: "600" });
    const refused = await check(t, token, zeroAddress, alice.address, 500n);
    expect(refused.refused_by).toMatchObject({
      kind: "SupplyLimitModule", module: module.id, reason: "SupplyLimitModule: minting 500 would take the total supply from 600 to 1100, over the supply limit 1000.",
    });
    await refusedMint(t, token, alice.address, "500");
    expect((await check(t, token, zeroAddress, alice.address, 400n)).allowed).toBe(true);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: alice.address, amount: "400" });

    await confirmed(t, "POST", path(module.id, "set_supply_limit"), { supply_limit: "2000" });
    expect((await api(t, "GET", path(module.id, "module_params"))).body.supply_limit).toBe("2000");
    expect((await check(t, token, zeroAddress, bob.address, 500n)).allowed).toBe(true);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: bob.address, amount: "500" });
    expect(await balanceOf(token, alice.address)).toBe(1000n);
  });

  it("TimeTransfersLimitsModule blocks a transfer beyond the window cap", async () => {
    const { t, token, investors: [alice, bob] } = fixture;
    const module = await createModule(t, { kind: "TimeTransfersLimitsModule", token_id: token.id, time_transfer_limits: [{ period_sec: 3600, max_amount: "100" }] });
    expect(await investorTransfer(alice, token, bob.address, 60n)).toBe("success");

    const refused = await check(t, token, alice.address, bob.address, 50n);
    expect(refused.refused_by).toMatchObject({
      kind: "TimeTransfersLimitsModule", module: module.id,
      reason: "TimeTransfersLimitsModule: the sender transferred 60 in the current 3600-second window; 50 more would exceed the cap 100.",
    });
    expect(await investorTransfer(alice, token, bob.address, 50n)).toMatch(/Transfer not possible/);
    expect((await check(t, token, alice.address, bob.address, 150n)).refused_by!.reason).toBe("TimeTransfersLimitsModule: 150 exceeds the cap 100 of the 3600-second window.");
    expect((await check(t, token, alice.address, bob.address, 40n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, bob.address, 40n)).toBe("success");
    // The window is per sender: bob may still send.
    expect((await check(t, token, bob.address, alice.address, 100n)).allowed).toBe(true);

    await confirmed(t, "POST", path(module.id, "set_time_transfer_limits"), { limits: [{ period_sec: 3600, max_amount: "1000" }, { period_sec: 86_400, max_amount: "5000" }] });
    expect((await api(t, "GET", path(module.id, "time_transfer_limits"))).body).toEqual({
      object: "time_transfer_limits", module: module.id, compliance: module.compliance,
      limits: [{ period_sec: 3600, max_amount: "1000" }, { period_sec: 86_400, max_amount: "5000" }],
    });
    expect((await api(t, "GET", path(module.id, "module_params"))).body.time_transfer_limits).toHaveLength(2);
    expect((await check(t, token, alice.address, bob.address, 50n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, bob.address, 50n)).toBe("success");
  });
});
