// Two ways a write could be stranded or repeated around intake, against the real local chain and the
// suite's executor: a nonce whose record ends before it is sent, and a dispatch that fails after the
// record was committed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { inngest } from "@/inngest/client";
import { api, deployToken, ERC20_FEATURES, eventually, read, settled, tenant } from "@/lib/tokens/testing";
import { encodeCall } from "@/lib/tokens/submit";
import { cancelUnsent, recordChainWrite } from "./transactions";
import { assignNonces } from "./records";
import { seedNonce } from "./nonces";
import { reconcileTransactions } from "./reconciler";

const HOLDER = "0x00000000000000000000000000000000000000d1";

afterEach(() => vi.restoreAllMocks());

describe("intake and nonces", () => {
  it("a reserved nonce whose record is cancelled before it is sent is filled, and the wallet's later transactions confirm", async () => {
    const t = await tenant();
    const token = await deployToken(t, { name: "Fill", symbol: "FIL", standard: "ERC20", decimals: 0, initial_supply: "0", features: ERC20_FEATURES });
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
    await seedNonce({ from: t.wallet, chainKey: "local" }, "polygon_amoy");
    const nonces = await assignNonces({ from: t.wallet, chainKey: "local" }, records.map((r) => r.id));
    expect([...nonces.values()]).toEqual([1, 2, 3]);
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
    // The deploy's run has left (it lingers a moment for more work, with the flag up): the mint must dispatch one.
    await eventually(async () => !(await db.walletNonce.findUniqueOrThrow({ where: { address_chainKey: { address: t.wallet, chainKey: "local" } } })).wakeRequested, "the deploy's run to end");
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
