// A restart of the local chain (the README's second `npm run dev`, database kept): the new chain starts again
// at a low block, so log subscriptions made on the old one must follow the new one from there. Reported: a
// crypto payment at block 69 stayed pending because the USDC subscription kept from_block 83 of the old chain.
// Runs on a database of its own: the reset touches every record of chain_key 'local'.
import { describe, expect, it } from "vitest";
import { toHex } from "viem";
import { ownDatabase } from "@/test/own-database";
import { forgetLocalChainState } from "@/lib/chain/local/reset";
import { startLocalChain, type LocalChain } from "@/lib/chain/local/node";

const { url, client } = ownDatabase("local_reset", { migrate: true });

async function rpc(chain: LocalChain, method: string, params: unknown[] = []) {
  const response = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await response.json()) as { result: unknown }).result;
}

describe("a restart of the local chain", () => {
  it("moves subscriptions that started beyond the new head back to it, and forgets the old chain's scan progress", async () => {
    const old = await startLocalChain({ port: 0 });
    await rpc(old, "hardhat_mine", [toHex(90)]);
    const oldHead = BigInt((await rpc(old, "eth_blockNumber")) as string);
    await client.query(
      `INSERT INTO chain_log_subscriptions (id, chain_key, address, topic0, abi_event, from_block, scanned_to) VALUES
         ('lsub_usdc', 'local', '0x0000000000000000000000000000000000000001', '0x01', '{}', 83, $1),
         ('lsub_early', 'local', '0x0000000000000000000000000000000000000002', '0x01', '{}', 3, $1),
         ('lsub_sepolia', 'sepolia', '0x0000000000000000000000000000000000000003', '0x01', '{}', 83, 200)`,
      [oldHead.toString()],
    );
    await client.query(`INSERT INTO chain_log_cursors (chain_key, last_block, last_block_hash) VALUES ('local', $1, '0xold')`, [oldHead.toString()]);
    await client.query(`INSERT INTO chain_log_blocks (chain_key, block_number, block_hash) VALUES ('local', $1, '0xold')`, [oldHead.toString()]);
    await old.stop();

    const fresh = await startLocalChain({ port: 0 });
    try {
      const head = BigInt((await rpc(fresh, "eth_blockNumber")) as string);
      expect(head).toBeLessThan(69n);
      const reset = await forgetLocalChainState(url, true, head);
      expect(reset.subscriptions).toBe(2);
      const rows = (await client.query("SELECT id, from_block, scanned_to FROM chain_log_subscriptions ORDER BY id")).rows;
      expect(rows).toEqual([
        // Made at block 3 of the old chain: the new chain's blocks from 3 on are scanned again.
        { id: "lsub_early", from_block: "3", scanned_to: "2" },
        // Not on the local chain: untouched.
        { id: "lsub_sepolia", from_block: "83", scanned_to: "200" },
        // Made at block 83 of the old chain: a payment at block 69 of the new one is seen.
        { id: "lsub_usdc", from_block: head.toString(), scanned_to: (head - 1n).toString() },
      ]);
      expect((await client.query("SELECT * FROM chain_log_cursors WHERE chain_key = 'local'")).rows).toEqual([]);
      expect((await client.query("SELECT * FROM chain_log_blocks WHERE chain_key = 'local'")).rows).toEqual([]);
      // The same chain again (an external node kept running): nothing changes.
      expect(await forgetLocalChainState(url, false, head)).toEqual({ tokens: 0, transactions: 0, subscriptions: 0 });
    } finally {
      await fresh.stop();
    }
  }, 120_000);
});
