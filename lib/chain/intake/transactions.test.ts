// The one transaction path against the real local chain and the executor started by the test setup.
import { describe, expect, it } from "vitest";
import { encodeFunctionData, encodeDeployData, type Address } from "viem";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { startReceiver } from "@/lib/webhooks/testing/receiver";
import { artifact } from "@/lib/chain/artifacts";
import { getTransaction, submitChainWrite } from "@/lib/chain/intake";
import { publicClient } from "@/lib/chain/network/clients";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

async function settled(id: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const tx = await db.transaction.findUniqueOrThrow({ where: { id } });
    if (tx.status === "confirmed" || tx.status === "failed") return tx;
    if (Date.now() - started > timeoutMs) throw new Error(`${id} still ${tx.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const PlatformERC20 = artifact("PlatformERC20");

async function deployErc20(tenantId: string, admin: Address) {
  const data = encodeDeployData({
    abi: PlatformERC20.abi,
    bytecode: PlatformERC20.bytecode,
    args: ["Path", "PTH", 18, 0n, admin, { mintable: true, burnable: true, pausable: true }],
  } as never);
  const tx = await submitChainWrite({ tenantId, livemode: false, network: "polygon_amoy", kind: "token.deploy", data, request: {} });
  const done = await settled(tx.id);
  expect(done.status).toBe("confirmed");
  return done.contractAddress as Address;
}

describe("transaction path", () => {
  it("deploys and mints through pending → submitted → confirmed, with events", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const wallet = await tenantWallet(tenantId, false);
    const token = await deployErc20(tenantId, wallet.address as Address);
    const to = "0x00000000000000000000000000000000000000aa";
    const mint = await submitChainWrite({
      tenantId, livemode: false, network: "polygon_amoy", kind: "token.mint", to: token,
      data: encodeFunctionData({ abi: PlatformERC20.abi, functionName: "mint", args: [to, 1000n] } as never),
      request: { to, amount: "1000" },
    });
    expect(mint.status).toBe("pending");
    const done = await settled(mint.id);
    expect(done).toMatchObject({ status: "confirmed", nonce: 1 });
    expect(done.hash).toMatch(/^0x[0-9a-f]{64}$/);
    const balance = await publicClient("polygon_amoy").readContract({ address: token, abi: PlatformERC20.abi, functionName: "balanceOf", args: [to] } as never);
    expect(balance).toBe(1000n);
    const events = await db.event.findMany({ where: { tenantId, type: "transaction.confirmed" } });
    expect(events).toHaveLength(2);
    // The event shows the record exactly as the API does once it is confirmed.
    const ofMint = events.find((e) => (e.data as any).object.id === mint.id)!;
    const { timeline: _, ...shown } = await getTransaction(tenantId, false, mint.id);
    expect((ofMint.data as any).object).toEqual(shown);
  });

  it("events no endpoint subscribes to are recorded dispatched; a subscribed one is left to the outbox, which delivers it", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const wallet = await tenantWallet(tenantId, false);
    const token = await deployErc20(tenantId, wallet.address as Address);
    const receiver = await startReceiver();
    try {
      const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: receiver.url, events: ["token.minted"] } });
      expect(endpoint.status).toBe(201);
      const to = "0x00000000000000000000000000000000000000ab";
      const mint = await submitChainWrite({
        tenantId, livemode: false, network: "polygon_amoy", kind: "token.mint", to: token,
        data: encodeFunctionData({ abi: PlatformERC20.abi, functionName: "mint", args: [to, 7n] } as never),
        request: { to, amount: "7" }, effect: { events: [{ type: "token.minted", data: { to, amount: "7" } }] },
      });
      expect((await settled(mint.id)).status).toBe("confirmed");
      const ofMint = (await db.event.findMany({ where: { tenantId } })).filter((e) => JSON.stringify(e.data).includes(mint.id));
      expect(ofMint.map((e) => e.type).sort()).toEqual(["token.minted", "transaction.confirmed"]);
      const confirmed = ofMint.find((e) => e.type === "transaction.confirmed")!;
      expect(confirmed.dispatchedAt?.getTime()).toBe(confirmed.createdAt.getTime()); // no subscriber: dispatched as recorded
      const [delivered] = await receiver.waitFor(1, undefined, 30_000);
      expect(JSON.parse(delivered.body)).toMatchObject({ type: "token.minted", data: { object: { transaction: mint.id } } });
      const minted = await db.event.findFirstOrThrow({ where: { id: ofMint.find((e) => e.type === "token.minted")!.id } });
      expect(minted.dispatchedAt).not.toBeNull();
      expect(await db.webhookDelivery.count({ where: { eventId: minted.id } })).toBe(1);
      expect(await db.webhookDelivery.count({ where: { eventId: confirmed.id } })).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it("a revert ends failed with a readable reason and uses no nonce", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const wallet = await tenantWallet(tenantId, false);
    const token = await deployErc20(tenantId, wallet.address as Address);
    const tx = await submitChainWrite({
      tenantId, livemode: false, network: "polygon_amoy", kind: "token.transfer", to: token,
      data: encodeFunctionData({ abi: PlatformERC20.abi, functionName: "transfer", args: ["0x00000000000000000000000000000000000000bb", 5n] } as never),
      request: {},
    });
    const done = await settled(tx.id);
    expect(done.status).toBe("failed");
    expect(done.errorCode).toBe("execution_reverted");
    expect(done.errorMessage).toMatch(/ERC20InsufficientBalance\(sender: 0x[0-9a-fA-F]{40}, balance: 0, needed: 5\)/);
    expect(done.nonce).toBeNull();
    expect(await db.event.count({ where: { tenantId, type: "transaction.failed" } })).toBe(1);
  });

  it("writes arriving together are stored together; one the database refuses fails alone, and the others confirm with nonces in a row", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const wallet = await tenantWallet(tenantId, false);
    const token = await deployErc20(tenantId, wallet.address as Address);
    const mint = (to: string, request: Record<string, unknown> = { to }) =>
      submitChainWrite({
        tenantId, livemode: false, network: "polygon_amoy", kind: "token.mint", to: token,
        data: encodeFunctionData({ abi: PlatformERC20.abi, functionName: "mint", args: [to, 1n] } as never), request,
      });
    // PostgreSQL's jsonb refuses a NUL character: the middle write's record cannot be stored.
    const [first, refused, last] = await Promise.allSettled([
      mint("0x00000000000000000000000000000000000000c1"),
      mint("0x00000000000000000000000000000000000000c2", { note: "a\u0000b" }),
      mint("0x00000000000000000000000000000000000000c3"),
    ]);
    expect(refused.status).toBe("rejected");
    expect(first.status).toBe("fulfilled");
    expect(last.status).toBe("fulfilled");
    for (const stored of [first, last]) expect((await settled((stored as PromiseFulfilledResult<{ id: string }>).value.id)).status).toBe("confirmed");

    const together = await Promise.all(Array.from({ length: 10 }, (_, i) => mint(`0x00000000000000000000000000000000000000${(0xd0 + i).toString(16)}`)));
    const done = await Promise.all(together.map((r) => settled(r.id)));
    expect(done.every((r) => r.status === "confirmed")).toBe(true);
    expect(done.map((r) => r.nonce).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 10 }, (_, i) => 3 + i));
    const client = publicClient("polygon_amoy");
    expect(await client.readContract({ address: token, abi: PlatformERC20.abi, functionName: "totalSupply" } as never)).toBe(12n);
    expect(await db.transaction.count({ where: { tenantId } })).toBe(13);
  });
});
