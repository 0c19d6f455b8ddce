// MAX_IN_FLIGHT_<NETWORK> counts the wallet's transactions sent and not yet mined (what a provider's per-sender
// pending cap counts), not those mined and still short of their confirmations: a network with 3 confirmations
// would otherwise send one cap's worth every 3 blocks instead of every block. On a private chain serving
// base_sepolia as a real network, mining only when the test says.
import { describe, expect, it } from "vitest";
import { tokenDeployData } from "@/test/token-deploy";
import { db } from "@/lib/db";
import { newTenant } from "@/test/client";
import { privateChain } from "@/test/private-chain";
import { recordChainWrite } from "@/lib/chain/intake";
import { runWallet } from "@/lib/chain/eoa/run";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

const { rpc } = privateChain("base_sepolia", 84532, {
  automine: false,
  env: { CONFIRMATIONS_BASE_SEPOLIA: "3", FINALITY_BLOCKS_BASE_SEPOLIA: "0", MAX_IN_FLIGHT_BASE_SEPOLIA: "2" },
});

/** Transactions waiting in the node's pool. */
const pooled = async () => ((await rpc("eth_getBlockByNumber", ["pending", false])) as { transactions: string[] }).transactions.length;

describe("MAX_IN_FLIGHT_<NETWORK>", () => {
  it("counts sent and unmined only: once the first 2 are mined (1 of 3 confirmations), the next 2 go out at once", { timeout: 60_000 }, async () => {
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    await rpc("hardhat_setBalance", [wallet.address, "0x3635C9ADC5DEA00000"]);
    const key = { from: wallet.address, chainKey: "base_sepolia" };
    const ids: string[] = [];
    for (const symbol of ["AAA", "BBB", "CCC", "DDD", "EEE"]) {
      ids.push((await recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "base_sepolia", kind: "token.deploy", data: tokenDeployData(wallet.address, symbol), request: {} })).id);
    }
    const statuses = async () => (await db.transaction.findMany({ where: { id: { in: ids } }, orderBy: { nonce: "asc" } })).map((r) => r.status);

    await runWallet(key, "base_sepolia", 1_500);
    expect(await pooled()).toBe(2); // the cap
    expect(await statuses()).toEqual(["submitted", "submitted", "pending", "pending", "pending"]);

    await rpc("evm_mine"); // the first 2 mined: 1 confirmation of 3, not yet confirmed, no longer in flight
    await runWallet(key, "base_sepolia", 1_500);
    expect(await pooled()).toBe(2);
    expect(await statuses()).toEqual(["submitted", "submitted", "submitted", "submitted", "pending"]);

    await rpc("evm_mine");
    await runWallet(key, "base_sepolia", 1_500);
    expect(await pooled()).toBe(1);
    for (let i = 0; i < 3; i++) await rpc("evm_mine");
    await runWallet(key, "base_sepolia", 1_500);
    expect(await statuses()).toEqual(Array(5).fill("confirmed"));
  });
});
