// Multisig writes exactly once (issue 31): each request-recorded kind (multisig.deploy, multisig.approve_hash,
// multisig.execute: a proposal's execution, an owner change, a threshold change) failing after its commit and
// retried with the same key answers what it committed; a takeover after the write confirmed answers it too, not
// the 400 its own check would now give (multisig_exists, already_confirmed, multisig_transaction_not_open, GS204).
// The tenant wallet owns the Safe with threshold 1, so its executions need no other signature.
import { beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { db } from "@/lib/db";
import { api, chain, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { abandonKey, failingAfterCommit, keyed, recordsOf, retriedAfterFailedCommit, takenOver } from "@/test/exactly-once";
import { owners as newOwners, type TestOwner } from "@/lib/multisig/testing/safe-client";

describe("multisig writes, exactly once", () => {
  let t: TestTenant;
  let o: TestOwner[];
  let safe: { id: string; address: Address };
  let proposal: { tx_index: number };

  /** The request failing after its commit, its retry (answering `status`), then a takeover after it confirmed: one record each time. */
  async function once(kind: string, method: string, path: string, body: unknown, key: string, status = 201) {
    const first = await failingAfterCommit(kind, () => keyed(t, method, path, body, key));
    expect(first.status).toBe(500);
    const before = (await recordsOf(t, kind)).length;
    const retry = await keyed(t, method, path, body, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(status);
    expect((await recordsOf(t, kind)).length).toBe(before);
    expect((await settled(retry.body.id)).status).toBe("confirmed");
    await abandonKey(key); // as if the instance died before it stored its answer
    const takeover = await keyed(t, method, path, body, key);
    expect(takeover.status, JSON.stringify(takeover.body)).toBe(status);
    expect(takeover.body.id).toBe(retry.body.id);
    expect((await recordsOf(t, kind)).length).toBe(before);
    return retry.body;
  }

  beforeAll(async () => {
    t = await tenant();
    o = newOwners(3);
  });

  it("a deployment that failed after its commit is one Safe; a takeover after it confirmed answers it, not multisig_exists", async () => {
    const body = { name: "Once Safe", network: NETWORK, owners: [t.wallet, o[0].address], threshold: 1, salt_nonce: 11 };
    const retry = await retriedAfterFailedCommit(t, "multisig.deploy", { path: "/v1/multisigs", body, key: "multisig-deploy-1" });
    safe = retry.body;
    expect(await db.multisig.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "multisig.deploy")).toHaveLength(1);
    expect((await settled(retry.body.deploy_transaction)).status).toBe("confirmed");
    expect(await chain().getCode({ address: safe.address })).not.toBe("0x");

    const takeover = await takenOver(t, { path: "/v1/multisigs", body, key: "multisig-deploy-1" });
    expect(takeover.body).toMatchObject({ id: safe.id, address: safe.address });
    expect(await db.multisig.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "multisig.deploy")).toHaveLength(1);
  });

  it("an on-chain approval (approveHash) is recorded once; its takeover answers it, not already_confirmed", async () => {
    const proposed = await api(t, "POST", `/v1/multisigs/${safe.id}/transactions`, { to: o[2].address, data: "0x" });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    proposal = proposed.body;
    await once("multisig.approve_hash", "POST", `/v1/multisigs/${safe.id}/transactions/${proposal.tx_index}/confirm`, { signer_address: t.wallet }, "multisig-approve-1");
    expect(await recordsOf(t, "multisig.approve_hash")).toHaveLength(1);
  });

  it("an execution is recorded once; its takeover answers it, not multisig_transaction_not_open", async () => {
    await once("multisig.execute", "POST", `/v1/multisigs/${safe.id}/transactions/${proposal.tx_index}/execute`, { signatures: "0x" }, "multisig-execute-1");
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}/transactions/${proposal.tx_index}`)).body.status).toBe("executed");
    expect(await recordsOf(t, "multisig.execute")).toHaveLength(1);
  });

  it("an owner addition is recorded once; its takeover answers it, not GS204", async () => {
    await once("multisig.execute", "POST", `/v1/multisigs/${safe.id}/owners`, { owner: o[1].address, signatures: "0x" }, "multisig-add-owner-1");
    expect(await recordsOf(t, "multisig.execute")).toHaveLength(2);
    expect(await db.multisigTransaction.count({ where: { multisigId: safe.id, kind: "add_owner" } })).toBe(1);
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}/owners/${o[1].address}`)).body.is_owner).toBe(true);
  });

  it("a threshold change is recorded once; its takeover answers it, not the Safe's refusal of one signature", async () => {
    await once("multisig.execute", "POST", `/v1/multisigs/${safe.id}/threshold`, { threshold: 2, signatures: "0x" }, "multisig-threshold-1");
    expect(await recordsOf(t, "multisig.execute")).toHaveLength(3);
    expect(await db.multisigTransaction.count({ where: { multisigId: safe.id, kind: "change_threshold" } })).toBe(1);
    expect((await api(t, "GET", `/v1/multisigs/${safe.id}`)).body.on_chain.threshold).toBe(2);
  });

  // A proposal is a row and no chain write: the kit finds it by the claim reference it is stamped with.
  it("a proposal that failed after its commit is one proposal; its retry and a takeover answer it", async () => {
    const path = `/v1/multisigs/${safe.id}/transactions`;
    const body = { to: o[2].address, data: "0x", value: "0" };
    const proposals = () => db.multisigTransaction.count({ where: { multisigId: safe.id } });
    const before = await proposals();
    const first = await failingAfterCommit("multisig.propose", () => keyed(t, "POST", path, body, "multisig-propose-1"));
    expect(first.status, JSON.stringify(first.body)).toBe(500);
    expect(await proposals()).toBe(before + 1);
    const retry = await keyed(t, "POST", path, body, "multisig-propose-1");
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ object: "multisig_transaction", status: "proposed", tx_index: before });
    expect(await proposals()).toBe(before + 1);
    await abandonKey("multisig-propose-1");
    const takeover = await keyed(t, "POST", path, body, "multisig-propose-1");
    expect(takeover.status, JSON.stringify(takeover.body)).toBe(201);
    expect(takeover.body).toEqual(retry.body);
    expect(await proposals()).toBe(before + 1);
  });
});
