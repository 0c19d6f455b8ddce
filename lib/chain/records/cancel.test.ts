// POST /v1/transactions/{id}/cancel on a "real" network (a second local chain serving base_sepolia, mining
// only on demand): the no-op wins while mining is paused; racing the original's inclusion, the chain decides;
// unsent records end at once; final ones answer 409; another tenant's id is 404.
import { describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { tokenDeployData } from "@/test/token-deploy";
import { privateBaseSepolia } from "@/test/private-chain";
import { recordChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

const { rpc } = privateBaseSepolia();

async function setup() {
  const t = await newTenant();
  const wallet = await tenantWallet(t.auth.tenant.id, false);
  await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]);
  const key = { from: wallet.address, chainKey: "base_sepolia" };
  const deploy = (symbol: string) =>
    recordChainWrite({
      tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", request: {},
      data: tokenDeployData(wallet.address, symbol),
    });
  const cancel = (id: string, token = t.apiKey) => call("POST", `/v1/transactions/${id}/cancel`, { token });
  const shown = async (id: string) => (await call("GET", `/v1/transactions/${id}`, { token: t.apiKey })).body;
  const events = async (id: string) =>
    (await db.event.findMany({ where: { tenantId: t.auth.tenant.id, type: { startsWith: "transaction." } }, orderBy: { id: "asc" } }))
      .filter((e) => (e.data as { object: { id: string } }).object.id === id)
      .map((e) => e.type);
  return { t, wallet, key, deploy, cancel, shown, events };
}

describe("cancel", () => {
  it("while mining is paused: a no-op at the same nonce replaces it and wins; repeats change nothing; another tenant gets 404", { timeout: 60_000 }, async () => {
    const { wallet, key, deploy, cancel, shown, events } = await setup();
    const record = await deploy("CNL");
    await runWallet(key, "base_sepolia", 300);
    const sent = await shown(record.id);
    expect(sent).toMatchObject({ status: "submitted", nonce: 0, cancel_requested: null });
    const original = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });

    const asked = await cancel(record.id);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ id: record.id, status: "submitted", cancel_requested: expect.any(Number) });
    const again = await cancel(record.id);
    expect(again.body).toMatchObject({ status: "submitted", cancel_requested: asked.body.cancel_requested });
    expect((await cancel(record.id, (await newTenant()).apiKey)).status).toBe(404);

    await runWallet(key, "base_sepolia", 300);
    const replaced = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(replaced.hashes).toHaveLength(2);
    expect(replaced.cancelHash).toBe(replaced.hashes[1]);
    expect(BigInt(replaced.maxFeePerGas!)).toBeGreaterThanOrEqual((BigInt(original.maxFeePerGas!) * 1125n) / 1000n); // above the original: it replaces it
    await cancel(record.id); // a repeat signs no second no-op
    await runWallet(key, "base_sepolia", 300);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: record.id } })).hashes).toHaveLength(2);

    await rpc("evm_mine");
    expect(await runWallet(key, "base_sepolia", 3_000)).toEqual({ open: 0 });
    const done = await shown(record.id);
    expect(done).toMatchObject({ status: "failed", error: { code: "cancelled" }, hash: replaced.cancelHash, contract_address: null, nonce: 0 });
    // On chain: the nonce went to a 0-value self-transfer; the deployment never ran.
    const mined = await rpc("eth_getTransactionByHash", [replaced.cancelHash as Hex]);
    expect(mined).toMatchObject({ to: wallet.address.toLowerCase(), value: "0x0", input: "0x" });
    expect(Number(await rpc("eth_getTransactionCount", [wallet.address, "latest"]))).toBe(1);
    expect(await events(record.id)).toEqual(["transaction.failed"]);

    // Cancelled is final: a repeat answers the record; nothing more happens.
    expect((await cancel(record.id)).body).toMatchObject({ status: "failed", error: { code: "cancelled" } });
    expect(await events(record.id)).toEqual(["transaction.failed"]);
  });

  it("racing the original's inclusion: exactly one outcome, the chain's (here the original mined first)", { timeout: 60_000 }, async () => {
    const { wallet, key, deploy, cancel, shown, events } = await setup();
    const record = await deploy("RCE");
    await runWallet(key, "base_sepolia", 300);
    await rpc("evm_mine"); // the original is mined before the run has seen it
    const asked = await cancel(record.id);
    expect(asked.body).toMatchObject({ status: "submitted", cancel_requested: expect.any(Number) });

    expect(await runWallet(key, "base_sepolia", 3_000)).toEqual({ open: 0 });
    const done = await shown(record.id);
    expect(done).toMatchObject({ status: "confirmed", error: null, contract_address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) });
    expect(await rpc("eth_getCode", [done.contract_address, "latest"])).not.toBe("0x");
    expect(Number(await rpc("eth_getTransactionCount", [wallet.address, "latest"]))).toBe(1);
    expect(await events(record.id)).toEqual(["transaction.confirmed"]);

    const late = await cancel(record.id);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ type: "invalid_request_error", code: "transaction_final" });
  });

  it("an unsent record ends at once as cancelled, without a nonce", async () => {
    const { deploy, cancel, events } = await setup();
    const record = await deploy("UNS");
    const answer = await cancel(record.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "failed", nonce: null, hash: null, error: { code: "cancelled" }, cancel_requested: null });
    expect(await events(record.id)).toEqual(["transaction.failed"]);
  });
});
