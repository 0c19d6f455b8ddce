// The fee schedule on a "real" network (a second local chain serving base_sepolia through RPC_URL, mining
// only on demand): a 10× base-fee spike, replacements every FEE_BUMP_BLOCKS blocks up to the cap, new sends
// deferred at the cap (never broadcast underpriced), and the wallet's queue resuming by itself when fees fall.
import { describe, expect, it } from "vitest";
import { parseGwei } from "viem";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { tokenDeployData } from "@/test/token-deploy";
import { privateBaseSepolia } from "@/test/private-chain";
import { chainTarget } from "@/lib/chain/network/clients";
import { recordChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";
import { bumped } from "@/lib/chain/eoa/gas";

const hex = (n: bigint) => `0x${n.toString(16)}`;
const ENV = { FEE_BUMP_BLOCKS_BASE_SEPOLIA: "2", TX_RESEND_AFTER_SECONDS: "0", MAX_FEE_PER_GAS_GWEI_BASE_SEPOLIA: "6" };
const { rpc } = privateBaseSepolia(ENV);

/** Mines one block whose base fee is `gwei`. */
async function mineAt(gwei: string) {
  await rpc("hardhat_setNextBlockBaseFeePerGas", [hex(parseGwei(gwei))]);
  await rpc("evm_mine");
}

describe("fee schedule", () => {
  it("a replacement pays the larger of +12.5% and the network's fees, at most the cap; none a node would refuse", () => {
    const target = chainTarget("base_sepolia");
    const gwei = (n: string) => parseGwei(n);
    // +12.5% over the previous signature when the network asks less.
    expect(bumped(target, { maxFeePerGas: gwei("2"), maxPriorityFeePerGas: gwei("1") }, { maxFeePerGas: gwei("1"), maxPriorityFeePerGas: gwei("1") }))
      .toEqual({ maxFeePerGas: gwei("2.25"), maxPriorityFeePerGas: gwei("1.125") });
    // The network's fees when they are higher, clamped to the cap (6 gwei).
    expect(bumped(target, { maxFeePerGas: gwei("2"), maxPriorityFeePerGas: gwei("1") }, { maxFeePerGas: gwei("13"), maxPriorityFeePerGas: gwei("1") }))
      .toEqual({ maxFeePerGas: gwei("6"), maxPriorityFeePerGas: gwei("1.125") });
    // At the cap, or too close to it for a +10% replacement: none.
    expect(bumped(target, { maxFeePerGas: gwei("6"), maxPriorityFeePerGas: gwei("1") }, { maxFeePerGas: gwei("13"), maxPriorityFeePerGas: gwei("1") })).toBeNull();
    expect(bumped(target, { maxFeePerGas: gwei("5.8"), maxPriorityFeePerGas: gwei("1") }, { maxFeePerGas: gwei("13"), maxPriorityFeePerGas: gwei("1") })).toBeNull();
  });

  it("a 10× base-fee spike: replaced every 2 blocks up to the cap; new sends deferred, not broadcast underpriced; all go out by themselves when fees fall", { timeout: 120_000 }, async () => {
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]);
    const key = { from: wallet.address, chainKey: "base_sepolia" };
    const shown = async (id: string) => (await call("GET", `/v1/transactions/${id}`, { token: t.apiKey })).body;
    await mineAt("1");

    const first = await recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", data: tokenDeployData(wallet.address, "AAA"), request: {} });
    await runWallet(key, "base_sepolia", 300);
    const sent = await db.transaction.findUniqueOrThrow({ where: { id: first.id } });
    expect(sent.status).toBe("submitted");
    const firstFee = BigInt(sent.maxFeePerGas!);
    expect(firstFee).toBeLessThan(parseGwei("6"));

    // The spike: every block's base fee is 10 gwei, 10× before, above what it pays and above the cap.
    const fees: bigint[] = [];
    for (let block = 1; block <= 6; block++) {
      await mineAt("10");
      await runWallet(key, "base_sepolia", 300);
      const now = await db.transaction.findUniqueOrThrow({ where: { id: first.id } });
      expect(now.status).toBe("submitted");
      fees.push(BigInt(now.maxFeePerGas!));
    }
    // Seen unmined when sent; after one block it is only sent again; 2 blocks after it was sent, replaced at the
    // cap (the network asks 13 gwei, more than +12.5%); no further.
    expect(fees[0]).toBe(firstFee);
    expect(fees.slice(1)).toEqual(Array(5).fill(parseGwei("6")));
    const capped = await shown(first.id);
    expect(capped).toMatchObject({ status: "submitted", replacements: 1, fee_cap_reached: true, stuck: { reason: "fee_cap", deferred: false, max_fee_per_gas: parseGwei("6").toString() } });

    // A new send while the network asks more than the cap: deferred, unsigned, no nonce, nothing broadcast.
    const second = await recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", data: tokenDeployData(wallet.address, "BBB"), request: {} });
    await mineAt("10");
    await runWallet(key, "base_sepolia", 300);
    const deferred = await shown(second.id);
    expect(deferred).toMatchObject({ status: "pending", nonce: null, hash: null, fee_cap_reached: true, stuck: { reason: "fee_cap", deferred: true, max_fee_per_gas: null } });
    expect(BigInt(deferred.stuck.network_max_fee_per_gas)).toBeGreaterThan(parseGwei("6"));

    // Fees fall: one run, left alone, mines the capped one, then signs and sends the deferred one.
    const run = runWallet(key, "base_sepolia", 20_000);
    for (let i = 0; i < 60; i++) {
      await mineAt("1");
      const open = await db.transaction.count({ where: { id: { in: [first.id, second.id] }, status: { in: ["pending", "submitted"] } } });
      if (!open) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await run).toEqual({ open: 0 });
    expect(await shown(first.id)).toMatchObject({ status: "confirmed", stuck: null, nonce: 0 });
    expect(await shown(second.id)).toMatchObject({ status: "confirmed", stuck: null, fee_cap_reached: false, nonce: 1 });
  });
});
