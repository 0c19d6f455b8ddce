// Token writes exactly once (issue 31): a deployment (ERC-20 or a T-REX suite, which the platform signer sends)
// that fails after its commit, retried with the same key, answers the token it recorded: one token, one deploy
// record; a takeover of a confirmed deployment answers it too. A mint (one write through submitChainWrite) the same.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, deployToken, ERC20_FEATURES, NETWORK, read, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { abandonKey, keyed, recordsOf, retriedAfterFailedCommit, takenOver } from "@/test/exactly-once";

describe("token writes, exactly once", () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await tenant();
  });

  it("an ERC-20 deployment that failed after its commit is one token; a takeover after it confirmed answers it", async () => {
    const body = { network: NETWORK, name: "Once Token", symbol: "ONE", standard: "ERC20", decimals: 0, initial_supply: "10", features: ERC20_FEATURES };
    const retry = await retriedAfterFailedCommit(t, "token.deploy", { path: "/v1/tokens", body, key: "token-deploy-1" });
    expect(retry.headers.get("idempotent-replayed")).toBeNull(); // resumed under the claim, then stored
    expect(await db.token.count({ where: { tenantId: t.id, symbol: "ONE" } })).toBe(1);
    expect(await recordsOf(t, "token.deploy")).toHaveLength(1);
    expect((await settled(retry.body.deploy_tx)).status).toBe("confirmed");

    const takeover = await takenOver(t, { path: "/v1/tokens", body, key: "token-deploy-1" });
    expect(takeover.body).toMatchObject({ id: retry.body.id, deploy_tx: retry.body.deploy_tx, status: "deployed" });
    expect(await db.token.count({ where: { tenantId: t.id, symbol: "ONE" } })).toBe(1);
    expect(await recordsOf(t, "token.deploy")).toHaveLength(1);
    const again = await keyed(t, "POST", "/v1/tokens", body, "token-deploy-1");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(retry.body.id);
  });

  it("an ERC3643 suite deployment that failed after its commit is one token and one suite", async () => {
    const body = { network: NETWORK, name: "Once Regulated", symbol: "OREG", standard: "ERC3643", decimals: 0 };
    const retry = await retriedAfterFailedCommit(t, "token.deploy_suite", { path: "/v1/tokens", body, key: "token-suite-1" });
    expect(await db.token.count({ where: { tenantId: t.id, symbol: "OREG" } })).toBe(1);
    const suites = await recordsOf(t, "token.deploy_suite");
    expect(suites).toHaveLength(1);
    expect(suites[0]).toMatchObject({ id: retry.body.deploy_tx, tokenId: retry.body.id });
    expect((await settled(retry.body.deploy_tx, 100_000)).status).toBe("confirmed");
    expect((await api(t, "GET", `/v1/tokens/${retry.body.id}`)).body.status).toBe("deployed");
  });

  it("a mint that failed after its commit is one mint", async () => {
    const token = await deployToken(t, { name: "Once Mint", symbol: "OMT", standard: "ERC20", decimals: 0, initial_supply: "0", features: ERC20_FEATURES });
    const body = { to: "0x00000000000000000000000000000000000000c3", amount: "5" };
    const retry = await retriedAfterFailedCommit(t, "token.mint", { path: `/v1/tokens/${token.id}/mint`, body, key: "token-mint-1" });
    const mints = await db.transaction.findMany({ where: { tokenId: token.id, kind: "token.mint" } });
    expect(mints.map((m) => m.id)).toEqual([retry.body.id]);
    expect((await settled(retry.body.id)).status).toBe("confirmed");
    expect(await read(token, "balanceOf", [body.to])).toBe(5n);
  });

  it("a takeover of a confirmed transfer of the whole balance answers it, not insufficient_balance (the balance check runs only for a fresh request)", async () => {
    const token = await deployToken(t, { name: "Once Transfer", symbol: "OTR", standard: "ERC20", decimals: 0, initial_supply: "7", features: ERC20_FEATURES });
    const body = { to: "0x00000000000000000000000000000000000000c4", amount: "7" };
    const first = await keyed(t, "POST", `/v1/tokens/${token.id}/transfer`, body, "token-transfer-all");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await settled(first.body.id)).status).toBe("confirmed");
    await abandonKey("token-transfer-all"); // as if the instance died before it stored its answer
    const takeover = await keyed(t, "POST", `/v1/tokens/${token.id}/transfer`, body, "token-transfer-all");
    expect(takeover.status, JSON.stringify(takeover.body)).toBe(201);
    expect(takeover.body.id).toBe(first.body.id);
    expect(await db.transaction.count({ where: { tokenId: token.id, kind: "token.transfer" } })).toBe(1);
    const fresh = await keyed(t, "POST", `/v1/tokens/${token.id}/transfer`, body, "token-transfer-again");
    expect(fresh.body.error).toMatchObject({ code: "insufficient_balance" });
  });
});
