// Governance writes exactly once (issue 31): the deployment and a proposal that fail after their commit (the
// scenario of the issue: watchVotingToken's RPC times out after the rows committed), retried with the same
// key, answer what committed: one timelock, one governor, one proposal.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, deployToken, ERC20_FEATURES, eventually, tenant, type TestTenant } from "@/lib/tokens/testing";
import { recordsOf, retriedAfterFailedCommit, takenOver } from "@/test/exactly-once";

describe("governance writes, exactly once", () => {
  let t: TestTenant;
  let token: { id: string };
  let g: { id: string };

  beforeAll(async () => {
    t = await tenant();
    token = await deployToken(t, { name: "Votes Once", symbol: "VON", standard: "ERC20", initial_supply: "1000", features: { ...ERC20_FEATURES, votes: true } });
  }, 60_000);

  it("a deployment that failed after its commit deploys one timelock and one governor", async () => {
    const body = { name: "Once DAO", token: token.id, voting_delay: 1, voting_period: 20, min_delay: 0 };
    const retry = await retriedAfterFailedCommit(t, "governance.deploy_timelock", { path: "/v1/governance", body, key: "gov-deploy-1" });
    g = retry.body;
    expect(await db.governanceInstance.count({ where: { tenantId: t.id } })).toBe(1);
    await eventually(async () => (await api(t, "GET", `/v1/governance/${g.id}`)).body.status === "active", "governance active", 60_000);
    expect(await recordsOf(t, "governance.deploy_timelock")).toHaveLength(1);
    expect(await recordsOf(t, "governance.deploy_governor")).toHaveLength(1);
  });

  it("a proposal that failed after its commit is one proposal; a takeover of it answers it, not proposal_exists", async () => {
    expect((await api(t, "POST", `/v1/governance/${g.id}/delegate`, { delegatee: t.wallet })).status).toBe(201);
    const body = { targets: ["0x00000000000000000000000000000000000000a1"], calldatas: ["0x"], description: "once" };
    const retry = await retriedAfterFailedCommit(t, "governance.propose", { path: `/v1/governance/${g.id}/proposals`, body, key: "gov-propose-1" });
    const takeover = await takenOver(t, { path: `/v1/governance/${g.id}/proposals`, body, key: "gov-propose-1" });
    expect(takeover.body.proposal_id).toBe(retry.body.proposal_id);
    expect(await db.governanceProposal.count({ where: { governanceId: g.id } })).toBe(1);
    expect(await recordsOf(t, "governance.propose")).toHaveLength(1);
  });
});
