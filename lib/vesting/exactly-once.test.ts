// Vesting writes exactly once (issue 31): each request-recorded kind (vesting.deploy, vesting.release,
// vesting.transfer_ownership) failing after its commit and retried with the same key answers what it committed;
// a takeover after the write confirmed answers it too, not the 400 its own check would now give (the funding
// spent the balance, the release emptied what was releasable, the transfer gave the wallet away).
import { beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, type Address } from "viem";
import { db } from "@/lib/db";
import { account, chain, deployToken, ERC20_FEATURES, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { recordsOf, retriedAfterFailedCommit, takenOver } from "@/test/exactly-once";

const balanceOf = (token: Address, who: Address) => chain().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const chainTime = async () => Number((await chain().getBlock()).timestamp);

describe("vesting writes, exactly once", () => {
  let t: TestTenant;
  let token: { id: string; address: Address };
  let schedule: { id: string; deploy_transaction: string };

  beforeAll(async () => {
    t = await tenant();
    token = await deployToken(t, { name: "Vest Once", symbol: "VON", standard: "ERC20", decimals: 0, initial_supply: "1000", features: ERC20_FEATURES });
  });

  it("a deployment that failed after its commit is one schedule; a takeover of a confirmed one funding the whole balance answers it, not insufficient_balance", async () => {
    // The tenant wallet is the beneficiary: it can transfer the wallet's ownership later.
    const body = { token: token.id, beneficiary: t.wallet, start: (await chainTime()) - 1000, duration_seconds: 100, amount: "1000" };
    const retry = await retriedAfterFailedCommit(t, "vesting.deploy", { path: "/v1/vesting", body, key: "vesting-deploy-1" });
    schedule = retry.body;
    expect(await db.vestingSchedule.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "vesting.deploy")).toHaveLength(1);

    expect((await settled(schedule.deploy_transaction)).status).toBe("confirmed");
    const fund = await db.vestingSchedule.findUniqueOrThrow({ where: { id: schedule.id } });
    expect((await settled(fund.fundTxId!)).status).toBe("confirmed");
    expect(await balanceOf(token.address, t.wallet)).toBe(0n);

    const takeover = await takenOver(t, { path: "/v1/vesting", body, key: "vesting-deploy-1" }); // as if the instance died before it stored its answer
    expect(takeover.body.id).toBe(schedule.id);
    expect(await db.vestingSchedule.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "vesting.deploy")).toHaveLength(1);
    expect(await recordsOf(t, "vesting.fund")).toHaveLength(1);
  });

  it("a release that failed after its commit is one release; a takeover after it confirmed answers it, not nothing_releasable", async () => {
    const path = `/v1/vesting/${schedule.id}/release`;
    const retry = await retriedAfterFailedCommit(t, "vesting.release", { path, body: {}, key: "vesting-release-1" });
    expect((await settled(retry.body.id)).status).toBe("confirmed");
    expect(await balanceOf(token.address, t.wallet)).toBe(1000n);

    const takeover = await takenOver(t, { path, body: {}, key: "vesting-release-1" });
    expect(takeover.body.id).toBe(retry.body.id);
    expect(await recordsOf(t, "vesting.release")).toHaveLength(1);
  });

  it("an ownership transfer that failed after its commit is one transfer; a takeover after it confirmed answers it, not beneficiary_not_controlled", async () => {
    const path = `/v1/vesting/${schedule.id}/transfer_ownership`;
    const body = { new_owner: (await account()).address };
    const retry = await retriedAfterFailedCommit(t, "vesting.transfer_ownership", { path, body, key: "vesting-owner-1" });
    expect((await settled(retry.body.id)).status).toBe("confirmed");

    const takeover = await takenOver(t, { path, body, key: "vesting-owner-1" });
    expect(takeover.body.id).toBe(retry.body.id);
    expect(await recordsOf(t, "vesting.transfer_ownership")).toHaveLength(1);
  });
});
