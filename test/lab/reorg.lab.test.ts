// Issue 32, "What must hold" 4 (our own transactions), in the lab: reorganisations of base_sepolia (2 s blocks,
// CONFIRMATIONS_BASE_SEPOLIA=2, the default 64-block finality window), made as a real one happens: the chain
// holds still (interval mining off) around a snapshot, our transaction is mined, then the chain goes back to
// the snapshot (the pool is the snapshot's: the transaction is gone) and a longer branch without it is mined.
// The product sees all of it only through its RPC (the fault proxy) while running as `npm start`.
// - Shallower than the confirmations: nothing is confirmed early; the dropped transaction is sent again with
//   the same signed bytes (same hash, no replacement) and confirms once.
// - After it was reported confirmed, within the finality window: back to submitted, transaction.reorged
//   emitted, the same bytes sent again, confirmed again.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { chainOf, closeSql, deployToken, mints, newTenant, nodeRpc, ok, sql, until, waitFinal, type Tenant } from "./helpers";

const NETWORK = "base_sepolia";
const resume = () => nodeRpc(NETWORK, "evm_setIntervalMining", [chainOf(NETWORK).blockMs]);

afterEach(() => resume());
afterAll(() => closeSql());


const record = async (id: string) =>
  (await sql<{ status: string; hash: string; hashes: string[]; block_number: string | null }>("SELECT status, hash, hashes, block_number FROM transactions WHERE id = $1", [id]))[0];
const eventsOf = async (id: string) =>
  (await sql<{ type: string }>("SELECT type FROM events WHERE type LIKE 'transaction.%' AND data->'object'->>'id' = $1 ORDER BY created_at, id", [id])).map((e) => e.type);
/** The transaction as the node holds it: null when neither mined nor in its pool. */
const atNode = (hash: string) => nodeRpc<{ blockNumber: string | null } | null>(NETWORK, "eth_getTransactionByHash", [hash]);
const inPool = async (hash: string) => (await atNode(hash))?.blockNumber === null;

/** A tenant's mint sent while the chain holds still, in the node's pool, with a snapshot from before it. */
async function mintInPool(tenant: Tenant, symbol: string) {
  const token = await deployToken(tenant, NETWORK, symbol);
  await nodeRpc(NETWORK, "evm_setIntervalMining", [0]);
  const snapshot = await nodeRpc<string>(NETWORK, "evm_snapshot");
  const [id] = await mints(tenant, token.id, 1, tenant.wallet);
  const sent = await until("the mint sent", () => record(id), (r) => r.hashes.length === 1);
  await until("the mint in the node's pool", () => inPool(sent.hash), Boolean);
  return { id, hash: sent.hash, snapshot };
}

describe("the lab: reorganisations of our transactions (base_sepolia, 2 confirmations)", () => {
  it("shallower than the confirmations: nothing confirmed early, the dropped transaction re-sent with the same bytes", async () => {
    const tenant = await newTenant("reorg-shallow");
    const { id, hash, snapshot } = await mintInPool(tenant, "RSH");
    const statuses = new Set<string>();
    const seen = (r: { status: string }) => statuses.add(r.status);

    await nodeRpc(NETWORK, "evm_mine"); // mined, 1 block deep of 2
    await until("the product sees it mined", () => record(id), () => false, 4_000, seen).catch(() => {});
    expect((await atNode(hash))?.blockNumber).not.toBeNull();
    await nodeRpc(NETWORK, "evm_revert", [snapshot]); // its block is gone, and it with it
    await nodeRpc(NETWORK, "hardhat_mine", ["0x2"]); // a longer branch without it
    expect(await atNode(hash)).toBeNull();
    // The product sends the same signed bytes again (nothing else can put this hash back in the pool).
    await until("the same bytes back in the pool", () => inPool(hash), Boolean, 60_000);
    const resent = await record(id);
    seen(resent);
    expect(resent).toMatchObject({ status: "submitted", hash, hashes: [hash] });
    expect([...statuses]).not.toContain("confirmed");

    await resume();
    const [final] = await waitFinal([id], 60_000);
    expect(final).toMatchObject({ status: "confirmed", hash });
    const shown = await ok("GET", `/v1/transactions/${id}`, { token: tenant.key });
    expect(shown).toMatchObject({ status: "confirmed", hash, replacements: 0, reorgs: 0 });
    const head = BigInt(await nodeRpc(NETWORK, "eth_blockNumber"));
    expect(head - BigInt(shown.block_number) + 1n).toBeGreaterThanOrEqual(2n);
    expect(await eventsOf(id)).toEqual(["transaction.confirmed"]);
  });

  it("after it was reported confirmed (within the finality window): back to submitted, transaction.reorged, re-sent, confirmed again", async () => {
    const tenant = await newTenant("reorg-deep");
    const { id, hash, snapshot } = await mintInPool(tenant, "RDP");
    await nodeRpc(NETWORK, "hardhat_mine", ["0x2"]); // mined, 2 deep: confirmed
    const [confirmed] = await waitFinal([id], 30_000);
    expect(confirmed).toMatchObject({ status: "confirmed", hash });
    const firstBlock = Number((await record(id)).block_number);
    expect(await eventsOf(id)).toEqual(["transaction.confirmed"]);

    await nodeRpc(NETWORK, "evm_revert", [snapshot]);
    await nodeRpc(NETWORK, "hardhat_mine", ["0x3"]); // the other branch is longer
    const reopened = await until("the record back to submitted", () => record(id), (r) => r.status === "submitted", 60_000);
    expect(reopened).toMatchObject({ hash, block_number: null });
    const shown = await ok("GET", `/v1/transactions/${id}`, { token: tenant.key });
    expect(shown).toMatchObject({ status: "submitted", reorgs: 1, hash });
    expect(await eventsOf(id)).toEqual(["transaction.confirmed", "transaction.reorged"]);
    await until("the same bytes back in the pool", () => inPool(hash), Boolean, 60_000);

    await resume();
    await until("confirmed again", () => record(id), (r) => r.status === "confirmed", 60_000);
    const again = await ok("GET", `/v1/transactions/${id}`, { token: tenant.key });
    expect(again).toMatchObject({ status: "confirmed", hash, replacements: 0, reorgs: 1 });
    expect(again.block_number).toBeGreaterThan(firstBlock);
    expect(await eventsOf(id)).toEqual(["transaction.confirmed", "transaction.reorged", "transaction.confirmed"]);
  });
});
