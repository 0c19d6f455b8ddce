// A record's timeline (GET /v1/transactions/{id}) on a chain the test drives block by block: a fee-bumped
// deployment shows its two signatures, the first replaced by the second; a mint shows its one attempt with
// its receipt; a transfer mined and reverted shows the decoded reason.
import { describe, expect, it } from "vitest";
import { encodeFunctionData, parseGwei, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { privateBaseSepolia } from "@/test/private-chain";
import { artifact } from "@/lib/chain/artifacts";
import { tokenDeployData } from "@/test/token-deploy";
import { recordChainWrite, type ChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

const hex = (n: bigint) => `0x${n.toString(16)}`;
const { rpc } = privateBaseSepolia({ FEE_BUMP_BLOCKS_BASE_SEPOLIA: "2", TX_RESEND_AFTER_SECONDS: "0" });
const PlatformERC20 = artifact("PlatformERC20");

async function mineAt(gwei: string) {
  await rpc("hardhat_setNextBlockBaseFeePerGas", [hex(parseGwei(gwei))]);
  await rpc("evm_mine");
}

describe("transaction timeline", () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  let key: { from: string; chainKey: string };
  let token: Address;
  const shown = async (id: string) => {
    const answer = await call("GET", `/v1/transactions/${id}`, { token: t.apiKey });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const write = (kind: ChainWrite["kind"], data: Hex, to?: Address) =>
    recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind, to, data, request: {} });

  it("a fee-bumped deployment: two attempts, the first replaced by the second, which is mined", { timeout: 120_000 }, async () => {
    t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]);
    key = { from: wallet.address, chainKey: "base_sepolia" };
    await mineAt("1");
    const deploy = await write(
      "token.deploy",
      tokenDeployData(wallet.address, "LIN", "Line"),
    );
    expect((await shown(deploy.id)).timeline).toEqual([]); // not signed yet
    await runWallet(key, "base_sepolia", 300);
    const [sent] = (await shown(deploy.id)).timeline;
    expect(sent).toMatchObject({ type: "attempt", kind: "call", status: "sent", nonce: 0, replaced_by: null, block_number: null, confirmations: null });
    expect(sent.sent_at).toBeGreaterThanOrEqual(sent.signed_at);

    // Base fee 10× what it pays: unmined after 2 blocks, it is replaced with higher fees at the same nonce, and mined.
    for (let block = 0; block < 8 && (await db.transaction.findUniqueOrThrow({ where: { id: deploy.id } })).status !== "confirmed"; block++) {
      await mineAt("10");
      await runWallet(key, "base_sepolia", 300);
    }
    const done = await shown(deploy.id);
    expect(done).toMatchObject({ status: "confirmed", replacements: 1 });
    expect(done.timeline).toHaveLength(2);
    expect(done.timeline[0]).toMatchObject({ hash: sent.hash, status: "replaced", replaced_by: done.timeline[1].hash, max_fee_per_gas: sent.max_fee_per_gas, block_number: null });
    expect(done.timeline[1]).toMatchObject({
      hash: done.hash, status: "mined", nonce: 0, replaced_by: null, block_number: done.block_number, gas_used: done.gas_used, confirmations: 1,
    });
    expect(BigInt(done.timeline[1].max_fee_per_gas)).toBeGreaterThan(BigInt(sent.max_fee_per_gas));
    expect(done.timeline[1].sent_at).not.toBeNull();
    expect(BigInt(done.timeline[1].effective_gas_price)).toBeGreaterThanOrEqual(parseGwei("10"));
    await mineAt("1");
    expect((await shown(deploy.id)).timeline[1].confirmations).toBe(2); // counted from the head at each read
    token = done.contract_address;
  });

  it("a mint: one attempt with its receipt; of two transfers of the same tokens, the second reverts on chain with its reason", { timeout: 120_000 }, async () => {
    const mint = await write("token.mint", encodeFunctionData({ abi: PlatformERC20.abi, functionName: "mint", args: [key.from, 5n] } as never), token);
    await runWallet(key, "base_sepolia", 300);
    await mineAt("1");
    await runWallet(key, "base_sepolia", 300);
    const minted = await shown(mint.id);
    expect(minted.status).toBe("confirmed");
    expect(minted.timeline).toEqual([
      expect.objectContaining({
        type: "attempt", hash: minted.hash, nonce: 1, status: "mined", block_number: minted.block_number, confirmations: 1, revert_reason: null,
        gas_used: minted.gas_used, replaced_by: null,
      }),
    ]);

    // Both estimated against a balance of 5 and sent in one pass; blocks with room for one transaction mine
    // them one after the other: the second finds none left.
    const transfer = (to: string) => write("token.transfer", encodeFunctionData({ abi: PlatformERC20.abi, functionName: "transfer", args: [to, 5n] } as never), token);
    const first = await transfer("0x00000000000000000000000000000000000000e1");
    const second = await transfer("0x00000000000000000000000000000000000000e2");
    await runWallet(key, "base_sepolia", 300);
    expect((await db.transaction.findMany({ where: { id: { in: [first.id, second.id] } } })).map((r) => r.status)).toEqual(["submitted", "submitted"]);
    await rpc("evm_setBlockGasLimit", [hex(100_000n)]);
    try {
      await mineAt("1");
      await mineAt("1");
    } finally {
      await rpc("evm_setBlockGasLimit", [hex(30_000_000n)]);
    }
    await runWallet(key, "base_sepolia", 300);
    expect((await shown(first.id)).status).toBe("confirmed");
    const reverted = await shown(second.id);
    expect(reverted).toMatchObject({ status: "failed", error: { code: "execution_reverted" } });
    expect(reverted.timeline).toHaveLength(1);
    expect(reverted.timeline[0]).toMatchObject({ hash: reverted.hash, status: "reverted", block_number: reverted.block_number });
    expect(reverted.timeline[0].revert_reason).toMatch(/ERC20InsufficientBalance\(sender: 0x[0-9a-fA-F]{40}, balance: 0, needed: 5\)/);
    expect(BigInt(reverted.timeline[0].effective_gas_price)).toBeGreaterThan(0n);
  });

  it("another tenant's id answers 404 and shows no timeline", async () => {
    const other = await newTenant();
    const [record] = await db.transaction.findMany({ where: { tenantId: t.auth.tenant.id }, take: 1 });
    const answer = await call("GET", `/v1/transactions/${record.id}`, { token: other.apiKey });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain("timeline");
  });
});
