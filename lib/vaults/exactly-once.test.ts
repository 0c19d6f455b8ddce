// Vault writes exactly once (issue 31): a request that fails after its writes committed, retried with the same
// key, answers what it committed instead of writing again; a request whose instance died after committing is
// taken over and answered from its writes, before any check (a deposit of the whole balance would fail its own
// balance check when run again).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, deployToken, ERC20_FEATURES, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { keyed, recordsOf, retriedAfterFailedCommit, takenOver } from "@/test/exactly-once";

describe("vault writes, exactly once", () => {
  let t: TestTenant;
  let asset: { id: string };
  let vaultId: string;

  beforeAll(async () => {
    t = await tenant();
    asset = await deployToken(t, { name: "Once", symbol: "ONC", standard: "ERC20", decimals: 0, initial_supply: "1000", features: ERC20_FEATURES });
  });

  it("a deployment that failed after its commit is answered on retry, not deployed twice", async () => {
    const body = { asset: asset.id, name: "Once Vault", symbol: "vONC" };
    const retry = await retriedAfterFailedCommit(t, "vault.deploy", { path: "/v1/vaults", body, key: "vault-deploy-1" });
    expect(retry.headers.get("idempotent-replayed")).toBeNull(); // resumed under the claim, then stored
    expect(await db.vault.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "vault.deploy")).toHaveLength(1);
    const again = await keyed(t, "POST", "/v1/vaults", body, "vault-deploy-1");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(retry.body.id);
    vaultId = retry.body.id;
    expect((await settled(retry.body.deploy_transaction)).status).toBe("confirmed");
  });

  it("a deposit that failed after its commit is one deposit", async () => {
    const retry = await retriedAfterFailedCommit(t, "vault.approve_asset", { path: `/v1/vaults/${vaultId}/deposit`, body: { assets: "100" }, key: "vault-deposit-1" });
    expect(await db.vaultOperation.count({ where: { vaultId } })).toBe(1);
    expect(await recordsOf(t, "vault.approve_asset")).toHaveLength(1);
    await settled(retry.body.approve_transaction);
    // Its deposit (the follow-up) ends before the next case reads the wallet's balance.
    await expect.poll(async () => (await api(t, "GET", `/v1/vaults/${vaultId}/operations/${retry.body.id}`)).body.status, { timeout: 30_000 }).toBe("succeeded");
  });

  it("a takeover of a confirmed deposit of the whole balance answers it, not insufficient_balance", async () => {
    const balance = (await api(t, "GET", `/v1/tokens/${asset.id}/balance?address=${t.wallet}&nft_token_id=0`)).body.balance as string;
    expect(BigInt(balance)).toBeGreaterThan(0n);
    const first = await keyed(t, "POST", `/v1/vaults/${vaultId}/deposit`, { assets: balance }, "vault-deposit-all");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await settled(first.body.approve_transaction);
    await expect.poll(async () => (await api(t, "GET", `/v1/vaults/${vaultId}/operations/${first.body.id}`)).body.status, { timeout: 30_000 }).toBe("succeeded");
    const takeover = await takenOver(t, { path: `/v1/vaults/${vaultId}/deposit`, body: { assets: balance }, key: "vault-deposit-all" }); // as if the instance died before it stored its answer
    expect(takeover.body.id).toBe(first.body.id);
    expect(await db.vaultOperation.count({ where: { vaultId, amount: balance } })).toBe(1);
  });

  it("a share transfer (a route answering its transaction) taken over after it confirmed answers it", async () => {
    const shares = (await api(t, "GET", `/v1/vaults/${vaultId}/shares/balance`)).body.shares as string;
    const body = { to: "0x00000000000000000000000000000000000000e1", amount: shares };
    const first = await keyed(t, "POST", `/v1/vaults/${vaultId}/shares/transfer`, body, "vault-shares-all");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await settled(first.body.id)).status).toBe("confirmed");
    const takeover = await takenOver(t, { path: `/v1/vaults/${vaultId}/shares/transfer`, body, key: "vault-shares-all" });
    expect(takeover.body.id).toBe(first.body.id);
    expect(await recordsOf(t, "vault.shares.transfer")).toHaveLength(1);
  });
});
