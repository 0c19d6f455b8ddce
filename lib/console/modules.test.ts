// The console's vault and vesting forms and what they follow: dates turned into the API's seconds (and wrong
// dates named in words), amounts typed in units converted by the vault's own decimals, a deposit of "1.5"
// followed to `succeeded`, a transaction to `confirmed`, the token choices and the chain's clock — against the
// real database and local chain of the test setup.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Address } from "viem";
import { api, chain, deployToken, ERC20_FEATURES, eventually, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deposit } from "@/lib/vaults/service";
import { formDecimals } from "./actions";
import { derivedValues, errorsByInput, formBody, unitDecimals, unitsSource, validateForm } from "./form-specs";
import { recordState } from "./follow";
import { chainClocks, erc20Choices, erc20Display } from "./modules";
import { vestingTimes } from "./vesting-dates";

const formData = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("vesting dates", () => {
  const start = 1_767_225_600; // 2026-01-01T00:00:00Z
  it("turns the three dates into start, cliff and duration in seconds", () => {
    expect(vestingTimes(formData({ start_at_unix: String(start), cliff_at_unix: String(start + 90 * 86400), end_at_unix: String(start + 365 * 86400) }))).toEqual({
      values: { start: String(start), cliff_seconds: String(90 * 86400), duration_seconds: String(365 * 86400) },
      errors: {},
    });
    // No cliff date: releasable from the start.
    expect(vestingTimes(formData({ start_at_unix: String(start), end_at_unix: String(start + 10) })).values).toEqual({ start: String(start), cliff_seconds: "0", duration_seconds: "10" });
  });

  it("names the wrong date in words", () => {
    expect(vestingTimes(formData({})).errors).toEqual({ start_at: "Enter the date vesting starts.", end_at: "Enter the date everything has vested." });
    expect(vestingTimes(formData({ start_at_unix: String(start), end_at_unix: String(start - 1) })).errors).toEqual({ end_at: "Must be on or after the start." });
    expect(vestingTimes(formData({ start_at_unix: String(start), cliff_at_unix: String(start + 20), end_at_unix: String(start + 10) })).errors).toEqual({
      cliff_at: "The cliff must end between the start and the end.",
    });
    expect(vestingTimes(formData({ start_at_unix: "soon", end_at_unix: String(start) })).errors).toEqual({ start_at: "Enter the date vesting starts." });
  });

  it("the form shows the API's refusals under the date inputs, and amounts in the token's units", () => {
    const values = { token: "tok_x", beneficiary: "0x0000000000000000000000000000000000000001", amount: "1.5", start_at_unix: String(start), end_at_unix: String(start + 10) };
    const derived = derivedValues("createVesting", formData(values)).values;
    expect(formBody("createVesting", derived.entries(), 18)).toEqual({
      token: "tok_x", beneficiary: values.beneficiary, amount: "1500000000000000000", start, cliff_seconds: 0, duration_seconds: 10,
    });
    // A wrong date is named alone (the fields it would have made are not also "required").
    expect(validateForm("createVesting", formData({ ...values, cliff_at_unix: String(start + 20) }), 18)).toEqual({ cliff_at: "The cliff must end between the start and the end." });
    const late = { ...values, end_at_unix: "253402300800" }; // after the year 9999
    expect(validateForm("createVesting", formData(late), 18)).toEqual({ end_at: "Must be before the year 10000." });
    // What the API refuses about a field made from a date shows under that date.
    expect(errorsByInput("createVesting", { cliff_seconds: "Too long.", beneficiary: "Required." })).toEqual({ cliff_at: "Too long.", beneficiary: "Required." });
    expect(validateForm("createVesting", formData({ ...values, amount: "1.5" }), 0)).toEqual({ amount: "This token has no decimals: enter a whole number." });
    // The token could not be read: amounts are not judged (the submission says why), the rest is.
    expect(validateForm("createVesting", formData({ ...values, amount: "1.5", beneficiary: "0x1" }))).toEqual({ beneficiary: expect.any(String) });
  });

  it("vault forms say whose decimals convert their amount", () => {
    expect(unitsSource("vaultDeposit", formData({ vault: "vlt_1", assets: "1" }))).toEqual({ vault: "vlt_1", unit: "assets" });
    expect(unitsSource("vaultRedeem", formData({ vault: "vlt_1" }))).toEqual({ vault: "vlt_1", unit: "shares" });
    expect(unitsSource("vaultPreview", formData({ vault: "vlt_1", action: "mint" }))).toEqual({ vault: "vlt_1", unit: "shares" });
    expect(unitsSource("vaultPreview", formData({ vault: "vlt_1", action: "withdraw" }))).toEqual({ vault: "vlt_1", unit: "assets" });
    expect(unitsSource("vaultDeposit", formData({}))).toBeNull();
    expect(unitDecimals("vaultDeposit", formData({}), 24)).toBe(24);
  });
});

describe("vaults and vesting from the console", () => {
  let t: TestTenant;
  let token: { id: string; address: Address; [k: string]: any };
  let vault: { id: string; address: Address };
  const scope = () => ({ tenantId: t.id, livemode: false });

  beforeAll(async () => {
    t = await tenant();
    token = await deployToken(t, { name: "Console Dollar", symbol: "CUSD", standard: "ERC20", decimals: 6, initial_supply: "100000000", features: ERC20_FEATURES });
    const created = await api(t, "POST", "/v1/vaults", { asset: token.id, name: "Console Vault", symbol: "vCUSD" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await settled(created.body.deploy_transaction);
    vault = (await api(t, "GET", `/v1/vaults/${created.body.id}`)).body;
  });

  it("converts 1.5 by the vault's decimals and follows the deposit until it succeeded", async () => {
    const values = formData({ vault: vault.id, assets: "1.5" });
    expect(await formDecimals(scope(), "vaultDeposit", values)).toBe(6);
    expect(await formDecimals(scope(), "vaultRedeem", values)).toBe(12); // shares: the asset's decimals + the offset of 6
    const body = formBody("vaultDeposit", values.entries(), 6);
    expect(body).toEqual({ assets: "1500000" });
    const op = await deposit(scope(), vault.id, body as { assets: string });
    const first = await recordState(scope(), "vault_operation", op.id, vault.id);
    expect(first).toMatchObject({ id: op.id, status: "approving", final: false, failure: null });
    const ended = await eventually(async () => {
      const now = await recordState(scope(), "vault_operation", op.id, vault.id);
      return now.final && now;
    }, "the deposit to end");
    expect(ended).toMatchObject({ status: "succeeded", failure: null, transaction: expect.stringMatching(/^tx_/) });
    expect(await recordState(scope(), "transaction", ended.transaction!)).toMatchObject({ status: "confirmed", final: true });
    // A vault that is not active cannot convert amounts: said in words.
    await expect(formDecimals(scope(), "vaultDeposit", formData({ vault: "vlt_unknown" }))).rejects.toMatchObject({ status: 404 });
  });

  it("another tenant's records are not followed", async () => {
    const other = { tenantId: (await tenant()).id, livemode: false };
    await expect(recordState(other, "vault_operation", "vop_x", vault.id)).rejects.toMatchObject({ status: 404 });
    await expect(recordState(other, "transaction", "tx_x")).rejects.toMatchObject({ status: 404 });
  });

  it("offers the tenant's deployed ERC-20 tokens, reads the chain's clock and how a module's token reads", async () => {
    await deployToken(t, { name: "Art", symbol: "ART", standard: "ERC721", features: {} });
    const choices = await erc20Choices(scope());
    expect(choices.map((c) => c.id)).toEqual([token.id]);
    expect(choices[0]).toMatchObject({ symbol: "CUSD", decimals: 6, network: "polygon_amoy" });
    const clocks = await chainClocks(["polygon_amoy", "polygon_amoy"]);
    expect(clocks).toEqual({ polygon_amoy: Number((await chain().getBlock()).timestamp) });
    expect(await erc20Display(scope(), { token: token.id, token_address: token.address, network: "polygon_amoy" })).toEqual({ decimals: 6, symbol: "CUSD" });
    expect(await erc20Display(scope(), { token: null, token_address: getAddress(token.address), network: "polygon_amoy" })).toEqual({ decimals: 6, symbol: "CUSD" });
  });
});
