// A transaction that does not get mined is replaced with higher fees (same nonce) up to the network's
// cap, and stays open however long that takes. Drives the wallet's run directly against a second local
// chain that only mines on demand, configured as a "real" network through RPC_URL_BASE_SEPOLIA.
import { describe, expect, it } from "vitest";
import { formatGwei, parseGwei } from "viem";
import { db } from "@/lib/db";
import { stuckNotice } from "@/lib/console/stuck";
import { call, newTenant } from "@/test/client";
import { tokenDeployData } from "@/test/token-deploy";
import { privateBaseSepolia } from "@/test/private-chain";
import { recordChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

const { rpc } = privateBaseSepolia();

describe("stuck transactions", () => {
  it("are replaced with higher fees up to the cap, stay open meanwhile, and confirm under the replacement's hash", async () => {
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]); // 1000 ETH: no funder on "real" networks
    const data = tokenDeployData(wallet.address, "STK", "Stuck");
    const record = await recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", data, request: {} });
    const key = { from: wallet.address, chainKey: "base_sepolia" };

    expect(await runWallet(key, "base_sepolia", 300)).toEqual({ open: 1 });
    const first = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(first).toMatchObject({ status: "submitted", nonce: 0 });
    expect(await runWallet(key, "base_sepolia", 300)).toEqual({ open: 1 }); // a repeat signs nothing new
    expect((await db.transaction.findUniqueOrThrow({ where: { id: record.id } })).hashes).toHaveLength(1);

    // Stuck at once, with a cap 15% above the first fee (a node takes a replacement from +10%): one
    // replacement, at the cap, then the cap stops it.
    process.env.FEE_BUMP_BLOCKS_BASE_SEPOLIA = "0";
    process.env.TX_RESEND_AFTER_SECONDS = "0"; // a replacement is due at once, no waiting out the resend interval
    process.env.MAX_FEE_PER_GAS_GWEI_BASE_SEPOLIA = String(Number(BigInt(first.maxFeePerGas!) * 115n / 100n) / Number(parseGwei("1")));
    try {
      await runWallet(key, "base_sepolia", 300);
      await runWallet(key, "base_sepolia", 300);
    } finally {
      delete process.env.FEE_BUMP_BLOCKS_BASE_SEPOLIA;
      delete process.env.TX_RESEND_AFTER_SECONDS;
      delete process.env.MAX_FEE_PER_GAS_GWEI_BASE_SEPOLIA;
    }
    const replaced = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(replaced.status).toBe("submitted"); // never failed while it can still mine
    expect(replaced.hashes.length).toBe(2);
    expect(replaced.nonce).toBe(0);
    expect(BigInt(replaced.maxFeePerGas!)).toBeGreaterThan(BigInt(first.maxFeePerGas!));
    expect(replaced.feeCapReachedAt).not.toBeNull();

    await rpc("evm_mine");
    expect(await runWallet(key, "base_sepolia", 5_000)).toEqual({ open: 0 });
    const done = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    expect(done.status).toBe("confirmed");
    expect(done.hash).toBe(replaced.hashes.at(-1));
    expect(done.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it("at the fee cap: the record and the console say it is stuck and holds the wallet; raising the cap lets the replacement through", async () => {
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]);
    const data = tokenDeployData(wallet.address, "CAP", "Capped");
    const record = await recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", data, request: {} });
    const key = { from: wallet.address, chainKey: "base_sepolia" };
    expect(await runWallet(key, "base_sepolia", 300)).toEqual({ open: 1 });
    const first = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
    const shown = async () => (await call("GET", `/v1/transactions/${record.id}`, { token: t.apiKey })).body;
    expect((await shown()).stuck).toBeNull();

    // The cap is the fee it was first sent with: stuck at once, nothing to replace it with.
    Object.assign(process.env, { FEE_BUMP_BLOCKS_BASE_SEPOLIA: "0", TX_RESEND_AFTER_SECONDS: "0", MAX_FEE_PER_GAS_GWEI_BASE_SEPOLIA: formatGwei(BigInt(first.maxFeePerGas!)) });
    try {
      await runWallet(key, "base_sepolia", 300);
      const stuck = await shown();
      expect(stuck).toMatchObject({
        status: "submitted",
        fee_cap_reached: true,
        replacements: 0,
        stuck: { reason: "fee_cap", since: expect.any(Number), max_fee_per_gas: first.maxFeePerGas, network_max_fee_per_gas: expect.stringMatching(/^\d+$/) },
      });
      expect(stuckNotice(stuck)).toMatch(/^Stuck at the fee cap \(.+ gwei; the network asked .+ gwei\): later transactions of this wallet on base_sepolia wait behind it\. It is replaced by itself when the network's fees fall, or cancel it from its page\.$/);

      // Far above: however many passes the run makes, its bumps stay below it.
      process.env.MAX_FEE_PER_GAS_GWEI_BASE_SEPOLIA = formatGwei(BigInt(first.maxFeePerGas!) * 1_000_000n);
      await runWallet(key, "base_sepolia", 300);
      const replaced = await shown();
      expect(replaced).toMatchObject({ status: "submitted", stuck: null });
      expect(replaced.replacements).toBeGreaterThan(0);
    } finally {
      for (const name of ["FEE_BUMP_BLOCKS_BASE_SEPOLIA", "TX_RESEND_AFTER_SECONDS", "MAX_FEE_PER_GAS_GWEI_BASE_SEPOLIA"]) delete process.env[name];
    }
    await rpc("evm_mine");
    expect(await runWallet(key, "base_sepolia", 5_000)).toEqual({ open: 0 });
    expect(await shown()).toMatchObject({ status: "confirmed", stuck: null });
  });
});
