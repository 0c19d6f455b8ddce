// Reorganisations of our own transactions on a "real" network (a second local chain serving base_sepolia with
// 2 confirmations and a 10-block finality window; blocks mined on demand, reorgs by evm_snapshot/evm_revert).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { tokenDeployData } from "@/test/token-deploy";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";
import { recordChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

let chain: LocalChain;
const rpc = (method: string, params: unknown[] = []) =>
  fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })
    .then((r) => r.json())
    .then((r) => r.result);
const ENV = {
  CONFIRMATIONS_BASE_SEPOLIA: "2", FINALITY_BLOCKS_BASE_SEPOLIA: "10", TX_RESEND_AFTER_SECONDS: "0",
  FEE_BUMP_BLOCKS_BASE_SEPOLIA: "100", // the same bytes are sent again, not a replacement
};

beforeAll(async () => {
  chain = await startLocalChain({ port: 0, chainId: 84532 });
  await rpc("evm_setAutomine", [false]);
  process.env.RPC_URL_BASE_SEPOLIA = chain.rpcUrl;
  Object.assign(process.env, ENV);
});
afterAll(async () => {
  for (const name of ["RPC_URL_BASE_SEPOLIA", ...Object.keys(ENV)]) delete process.env[name];
  await chain.stop();
});

async function setup(symbol: string) {
  const t = await newTenant();
  const wallet = await tenantWallet(t.auth.tenant.id, false);
  await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]);
  const key = { from: wallet.address, chainKey: "base_sepolia" };
  const record = await recordChainWrite({
    tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", request: {},
    data: tokenDeployData(wallet.address, symbol),
  });
  const shown = async () => (await call("GET", `/v1/transactions/${record.id}`, { token: t.apiKey })).body;
  const events = async () =>
    (await db.event.findMany({ where: { tenantId: t.auth.tenant.id, type: { startsWith: "transaction." } }, orderBy: { id: "asc" } }))
      .filter((e) => (e.data as { object: { id: string } }).object.id === record.id)
      .map((e) => e.type);
  const run = () => runWallet(key, "base_sepolia", 300);
  return { record, shown, events, run };
}

describe("reorganisations", () => {
  it("shallower than the confirmations: nothing confirms early, and the dropped transaction is sent again with the same bytes", { timeout: 60_000 }, async () => {
    const { shown, events, run } = await setup("SHL");
    const before = await rpc("evm_snapshot");
    await run();
    const sent = await shown();
    expect(sent.status).toBe("submitted");

    await rpc("evm_mine"); // mined, 1 block deep of 2
    await run();
    expect((await shown()).status).toBe("submitted");

    await rpc("evm_revert", [before]); // the block is gone, and the transaction with it (the pool is the snapshot's)
    await rpc("hardhat_mine", ["0x2"]); // a longer chain without it
    await run(); // not mined: its bytes are sent again
    expect(await shown()).toMatchObject({ status: "submitted", hash: sent.hash, replacements: 0 });
    await rpc("evm_mine");
    await run();
    expect((await shown()).status).toBe("submitted"); // 1 deep again
    await rpc("evm_mine");
    await run();
    const done = await shown();
    expect(done).toMatchObject({ status: "confirmed", hash: sent.hash, replacements: 0, reorgs: 0 });
    expect(Number(await rpc("eth_getTransactionCount", [sent.from, "latest"]))).toBe(1);
    expect(await events()).toEqual(["transaction.confirmed"]);
  });

  it("deeper, after it was reported confirmed: back to submitted with transaction.reorged, sent again, confirmed again", { timeout: 60_000 }, async () => {
    const { shown, events, run } = await setup("DEP");
    const before = await rpc("evm_snapshot");
    await run();
    const sent = await shown();
    await rpc("evm_mine");
    await rpc("evm_mine");
    await run();
    const confirmed = await shown();
    expect(confirmed).toMatchObject({ status: "confirmed", hash: sent.hash, reorgs: 0 });
    expect(await events()).toEqual(["transaction.confirmed"]);

    await rpc("evm_revert", [before]);
    await rpc("hardhat_mine", ["0x3"]); // the other branch is longer
    await run();
    const reorged = await shown();
    expect(reorged).toMatchObject({ status: "submitted", block_number: null, confirmed: null, contract_address: null, hash: sent.hash, reorgs: 1 });
    expect(await events()).toEqual(["transaction.confirmed", "transaction.reorged"]);
    const event = await db.event.findFirstOrThrow({ where: { type: "transaction.reorged" }, orderBy: { id: "desc" } });
    expect((event.data as { object: { id: string; status: string } }).object).toMatchObject({ id: sent.id, status: "submitted", reorgs: 1 });

    await rpc("evm_mine"); // its same bytes, sent again, are mined
    await rpc("evm_mine");
    await run();
    const again = await shown();
    expect(again).toMatchObject({ status: "confirmed", hash: sent.hash, replacements: 0, reorgs: 1, contract_address: confirmed.contract_address });
    expect(again.block_number).toBeGreaterThan(confirmed.block_number);
    expect(await events()).toEqual(["transaction.confirmed", "transaction.reorged", "transaction.confirmed"]);
  });
});
