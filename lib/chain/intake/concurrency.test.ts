// 200 concurrent writes from one wallet, driven by 4 executors (app workers) of which one crashes
// mid-flight: every write confirms exactly once, with contiguous nonces and no duplicate.
import { describe, expect, it } from "vitest";
import { encodeDeployData, encodeFunctionData, type Address } from "viem";
import { db } from "@/lib/db";
import { newTenant } from "@/test/client";
import { startAppExecutor as startLocalExecutor } from "@/inngest/executor";
import { artifact } from "@/lib/chain/artifacts";
import { submitChainWrite } from "@/lib/chain/intake";
import { publicClient } from "@/lib/chain/network/clients";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

const PlatformERC20 = artifact("PlatformERC20");
const worker = (name: string) => startLocalExecutor({ instanceId: name, pollIntervalMs: 50, leaseMs: 2_000, backoff: { baseMs: 100, maxMs: 1_000 } });

async function allFinal(ids: string[], timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const open = await db.transaction.count({ where: { id: { in: ids }, status: { in: ["pending", "submitted"] } } });
    if (!open) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${open} of ${ids.length} still open`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("transaction path under concurrency", () => {
  it("200 concurrent mints over 4 workers, one crashing mid-flight: each confirmed once, nonces contiguous", { timeout: 180_000 }, async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const wallet = await tenantWallet(tenantId, false);
    const deploy = await submitChainWrite({
      tenantId, livemode: false, network: "polygon_amoy", kind: "token.deploy", request: {},
      data: encodeDeployData({ abi: PlatformERC20.abi, bytecode: PlatformERC20.bytecode, args: ["Load", "LOAD", 0, 0n, wallet.address as Address, { mintable: true, burnable: false, pausable: false }] } as never),
    });
    await allFinal([deploy.id], 30_000);
    const token = (await db.transaction.findUniqueOrThrow({ where: { id: deploy.id } })).contractAddress as Address;

    const workers = await Promise.all(["w1", "w2", "w3"].map(worker)); // + the suite's executor = 4
    const holder = "0x00000000000000000000000000000000000000cc";
    const mintData = encodeFunctionData({ abi: PlatformERC20.abi, functionName: "mint", args: [holder, 1n] } as never);
    const mints = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        submitChainWrite({ tenantId, livemode: false, network: "polygon_amoy", kind: "token.mint", to: token, data: mintData, request: { i } }),
      ),
    );
    const ids = mints.map((m) => m.id);

    // crash one worker once work is under way, then start a replacement
    while ((await db.transaction.count({ where: { id: { in: ids }, status: "confirmed" } })) < 20) await new Promise((r) => setTimeout(r, 20));
    await workers[0].stop({ abandon: true });
    const replacement = await worker("w4");

    await allFinal(ids, 150_000);
    await Promise.all([workers[1].stop(), workers[2].stop(), replacement.stop()]);

    const records = await db.transaction.findMany({ where: { id: { in: ids } } });
    expect(records.filter((r) => r.status === "confirmed")).toHaveLength(200);
    const nonces = records.map((r) => r.nonce!).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 200 }, (_, i) => i + 1)); // 0 was the deploy
    expect(new Set(records.map((r) => r.hash)).size).toBe(200);
    const minted = await publicClient("polygon_amoy").readContract({ address: token, abi: PlatformERC20.abi, functionName: "balanceOf", args: [holder] } as never);
    expect(minted).toBe(200n); // each mint took effect exactly once
    expect(await db.event.count({ where: { tenantId, type: "transaction.confirmed" } })).toBe(201);
  });
});
