// Two ways a write could be stranded or repeated around intake, against the real local chain and the
// suite's executor: a nonce whose record ends before it is sent, and a dispatch that fails after the
// record was committed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, pool } from "@/lib/db";
import { inngest } from "@/lib/jobs/client";
import { api, deployToken, ERC20_FEATURES, eventually, read, settled, tenant } from "@/lib/tokens/testing";
import { encodeCall } from "@/lib/tokens/submit";
import { cancelUnsent, recordChainWrite } from "@/lib/chain/intake";
import { nextNonceOf } from "@/lib/chain/eoa/nonces";
import { reconcileTransactions } from "@/lib/chain/records/reconciler";

const HOLDER = "0x00000000000000000000000000000000000000d1";

/** The wallet's run has left (it lingers a moment for more work, with the wake flag up). */
const runEnded = (wallet: string) =>
  eventually(async () => !(await db.walletNonce.findUniqueOrThrow({ where: { address_chainKey: { address: wallet, chainKey: "local" } } })).wakeRequested, "the wallet's run to end");

/** Gives the records the wallet's next nonces without signing them: a record that holds its nonce unsent (as one released to be re-signed does). */
async function reserveNonces(wallet: string, ids: string[]): Promise<number[]> {
  const { rows } = await pool.query(
    `WITH counter AS (
       UPDATE wallet_nonces SET next_nonce = next_nonce + cardinality($2::text[]) WHERE address = $1 AND chain_key = 'local'
       RETURNING next_nonce - cardinality($2::text[]) AS first)
     UPDATE transactions t SET nonce = counter.first + array_position($2::text[], t.id) - 1
     FROM counter WHERE t.id = ANY($2::text[]) RETURNING t.nonce`,
    [wallet, ids],
  );
  return rows.map((r) => r.nonce).sort((a, b) => a - b);
}

afterEach(() => vi.restoreAllMocks());

describe("intake and nonces", () => {
  it("a reserved nonce whose record is cancelled before it is sent is filled, and the wallet's later transactions confirm", async () => {
    const t = await tenant();
    const token = await deployToken(t, { name: "Fill", symbol: "FIL", standard: "ERC20", decimals: 0, initial_supply: "0", features: ERC20_FEATURES });
    await runEnded(t.wallet); // else it would find the records below and sign them itself
    const records = [];
    for (let i = 0; i < 3; i++) {
      records.push(
        await recordChainWrite({
          tenantId: t.id, livemode: false, network: "polygon_amoy", kind: "token.mint", tokenId: token.id, to: token.address,
          data: encodeCall("ERC20", "mint", [HOLDER, 1n]), request: { i },
        }),
      );
    }
    // Nonces reserved for all three (as a run does before signing), then the middle one is cancelled.
    await nextNonceOf({ from: t.wallet, chainKey: "local" }, "polygon_amoy");
    expect(await reserveNonces(t.wallet, records.map((r) => r.id))).toEqual([1, 2, 3]);
    expect(await cancelUnsent(records[1].id)).toBe(true);

    const [first, cancelled, third] = await Promise.all(records.map((r) => settled(r.id)));
    expect(cancelled).toMatchObject({ status: "failed", errorCode: "cancelled", nonce: 2 });
    expect(first).toMatchObject({ status: "confirmed", nonce: 1 });
    expect(third).toMatchObject({ status: "confirmed", nonce: 3 });
    const filler = await db.transaction.findFirstOrThrow({ where: { fromAddress: t.wallet, kind: "nonce.fill" } });
    expect(await settled(filler.id)).toMatchObject({ status: "confirmed", nonce: 2, toAddress: t.wallet, value: "0" });
    expect(await read(token, "balanceOf", [HOLDER])).toBe(2n);
    expect(await cancelUnsent(first.id)).toBe(false); // a sent transaction cannot be cancelled
  });

  it("a dispatch that fails after the record is committed: the request still answers the record, its retry replays it, and it confirms", async () => {
    const t = await tenant();
    const token = await deployToken(t, { name: "Lost", symbol: "LST", standard: "ERC20", decimals: 0, initial_supply: "0", features: ERC20_FEATURES });
    await runEnded(t.wallet); // the mint must dispatch a run
    const send = vi.spyOn(inngest, "send").mockRejectedValueOnce(new Error("connection reset by the event API"));
    const body = { to: HOLDER, amount: "7", idempotency_key: "mint-once" };
    const first = await api(t, "POST", `/v1/tokens/${token.id}/mint`, body);
    expect(send).toHaveBeenCalledTimes(1);
    expect(first.status).toBe(201);
    const retry = await api(t, "POST", `/v1/tokens/${token.id}/mint`, body);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await db.transaction.count({ where: { tokenId: token.id, kind: "token.mint" } })).toBe(1);

    // Nobody was woken for it: the reconciler finds it.
    await reconcileTransactions(new Date(Date.now() + 10 * 60_000));
    expect(await settled(first.body.id)).toMatchObject({ status: "confirmed" });
    expect(await read(token, "balanceOf", [HOLDER])).toBe(7n);
  });
});
