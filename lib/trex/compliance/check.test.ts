// compliance/check's token-level checks, each agreeing with the chain: an unverified receiver, a paused
// token, a frozen wallet, the sender's free balance (balance minus frozen tokens), and a mint.
import { beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, http, zeroAddress } from "viem";
import { chainTarget } from "@/lib/chain/network/clients";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { account, api, chain, confirmed, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { check, investor, investorTransfer, tokenAbi, type Investor, type RegulatedTestToken } from "@/lib/trex/testing/compliance";

describe("compliance/check: identity, pause, freeze, free balance", () => {
  let t: TestTenant;
  let token: RegulatedTestToken;
  let alice: Investor;
  let bob: Investor;

  /** An agent action sent with the tenant wallet's key directly (as the identity setup is). */
  async function agent(functionName: string, args: unknown[]) {
    const target = chainTarget(NETWORK);
    const wallet = createWalletClient({ account: await signerFor(t.id, false), chain: target.chain, transport: http(target.rpcUrl) });
    const hash = await wallet.writeContract({ address: token.address, abi: tokenAbi, functionName, args } as never);
    expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
  }

  beforeAll(async () => {
    t = await tenant();
    token = await deployRegulatedToken(t, { name: "Checked", symbol: "CHK" });
    [alice, bob] = [await investor(t, token, "FR"), await investor(t, token, "FR")];
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: alice.address, amount: "100" });
  });

  it("refuses a receiver without a verified identity, for a transfer and for a mint", async () => {
    const stranger = await account();
    const refused = await check(t, token, alice.address, stranger.address, 10n);
    expect(refused).toMatchObject({ allowed: false, can_transfer: true, refused_by: { rule: "identity_verified", module: null, kind: null } });
    expect(refused.refused_by!.reason).toBe(`The receiver ${stranger.address} has no verified identity in the token's identity registry.`);
    expect(await investorTransfer(alice, token, stranger.address, 10n)).toMatch(/Transfer not possible/);

    const mint = await check(t, token, zeroAddress, stranger.address, 10n);
    expect(mint.refused_by!.rule).toBe("identity_verified");
    expect(mint.checks.map((c) => c.rule)).toEqual(["identity_verified"]);
    const res = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: stranger.address, amount: "10" });
    expect((await settled(res.body.id)).errorMessage).toMatch(/Identity is not verified/);

    const ok = await check(t, token, alice.address, bob.address, 10n);
    expect(ok).toMatchObject({ allowed: true, can_transfer: true, refused_by: null });
    expect(ok.checks.map((c) => [c.rule, c.passed])).toEqual([["token_paused", true], ["wallet_frozen", true], ["free_balance", true], ["identity_verified", true]]);
  });

  it("refuses while the token is paused", async () => {
    await confirmed(t, "POST", `/v1/tokens/${token.id}/pause`, {});
    expect((await check(t, token, alice.address, bob.address, 10n)).refused_by).toMatchObject({ rule: "token_paused", reason: "The token is paused." });
    expect(await investorTransfer(alice, token, bob.address, 10n)).toMatch(/Pausable: paused/);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/unpause`, {});
    expect((await check(t, token, alice.address, bob.address, 10n)).allowed).toBe(true);
  });

  it("refuses a frozen wallet and counts frozen tokens out of the free balance", async () => {
    await agent("setAddressFrozen", [bob.address, true]);
    expect((await check(t, token, alice.address, bob.address, 10n)).refused_by).toMatchObject({ rule: "wallet_frozen", reason: `The receiver ${bob.address} is frozen.` });
    expect(await investorTransfer(alice, token, bob.address, 10n)).toMatch(/wallet is frozen/);
    await agent("setAddressFrozen", [bob.address, false]);

    await agent("freezePartialTokens", [alice.address, 60n]);
    const refused = await check(t, token, alice.address, bob.address, 50n);
    expect(refused.refused_by).toMatchObject({ rule: "free_balance", reason: "The sender's free balance is 40 (balance 100 minus 60 frozen), less than 50." });
    expect(await investorTransfer(alice, token, bob.address, 50n)).toMatch(/Insufficient Balance/);
    expect((await check(t, token, alice.address, bob.address, 40n)).allowed).toBe(true);
    expect(await investorTransfer(alice, token, bob.address, 40n)).toBe("success");
  });

  it("validates the body and answers 404 for an unknown token", async () => {
    expect((await api(t, "POST", `/v1/tokens/${token.id}/compliance/check`, { from: alice.address, to: bob.address, amount: "1.5" })).body.error)
      .toMatchObject({ param: "amount" });
    expect((await api(t, "POST", `/v1/tokens/${token.id}/compliance/check`, { from: alice.address, amount: "1" })).body.error).toMatchObject({ param: "to" });
    expect((await api(t, "POST", "/v1/tokens/tok_nope/compliance/check", { from: alice.address, to: bob.address, amount: "1" })).status).toBe(404);
  });
});
