import { describe, expect, it } from "vitest";
import { tokenDeployData } from "@/test/token-deploy";
import { db } from "@/lib/db";
import { newTenant } from "@/test/client";
import { recordChainWrite } from "@/lib/chain/intake";
import { reconcileTransactions } from "@/lib/chain/records/reconciler";
import { tenantWallet } from "@/lib/chain/eoa/wallets";

describe("reconciler", () => {
  it("finishes a record whose dispatch was lost (crash between commit and send)", async () => {
    const t = await newTenant();
    const wallet = await tenantWallet(t.auth.tenant.id, false);
    const data = tokenDeployData(wallet.address, "LST", "Lost");
    const record = await recordChainWrite({ tenantId: t.auth.tenant.id, livemode: false, network: "sepolia", kind: "token.deploy", data, request: {} });
    await new Promise((r) => setTimeout(r, 500));
    expect((await db.transaction.findUniqueOrThrow({ where: { id: record.id } })).status).toBe("pending");
    expect(await reconcileTransactions(new Date(Date.now() + 3 * 60_000))).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 200; i++) {
      const tx = await db.transaction.findUniqueOrThrow({ where: { id: record.id } });
      if (tx.status === "confirmed") return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("not confirmed after reconcile");
  });
});
