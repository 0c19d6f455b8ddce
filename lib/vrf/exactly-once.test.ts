// VRF writes exactly once (issue 31): a consumer deployment (vrf.deploy, whose consumer the platform adds to the
// local subscription first), a configuration update (vrf.configure) and a randomness request (vrf.request), each
// failing after its commit and retried with the same key, answer what they committed: one consumer (added to
// the subscription once), one update, one request; takeovers after the writes confirmed answer them too.
import { beforeAll, describe, expect, it } from "vitest";
import type { Abi, Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { readChain } from "@/lib/chain/network/read";
import { api, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { recordsOf, retriedAfterFailedCommit, takenOver } from "@/test/exactly-once";
import { LOCAL_VRF_KEY_HASH, localCoordinator, localSubscriptionId } from "./base";

const subscriptionConsumers = async (subscriptionId: string) =>
  (await readChain<readonly [bigint, bigint, bigint, Address, readonly Address[]]>(
    NETWORK, localCoordinator(), artifact("VRFCoordinatorV2_5Mock").abi as Abi, "getSubscription", [BigInt(subscriptionId)],
  ))[4];

describe("VRF writes, exactly once", () => {
  let t: TestTenant;
  let subscriptionId: string;
  let consumer: { id: string; address: Address; deploy_transaction: string };

  beforeAll(async () => {
    t = await tenant();
    subscriptionId = await localSubscriptionId(NETWORK);
  });

  it("a consumer deployment that failed after its commit is one consumer, added to the subscription once; a takeover answers it", async () => {
    const body = { name: "Once lottery", network: NETWORK, vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: subscriptionId };
    const before = (await subscriptionConsumers(subscriptionId)).length;
    const retry = await retriedAfterFailedCommit(t, "vrf.deploy", { path: "/v1/vrf/consumers", body, key: "vrf-deploy-1" });
    consumer = retry.body;
    expect(await db.vrfConsumer.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "vrf.deploy")).toHaveLength(1);
    expect((await settled(consumer.deploy_transaction)).status).toBe("confirmed");

    const takeover = await takenOver(t, { path: "/v1/vrf/consumers", body, key: "vrf-deploy-1" });
    expect(takeover.body).toMatchObject({ id: consumer.id, address: consumer.address, status: "active" });
    expect(await db.vrfConsumer.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "vrf.deploy")).toHaveLength(1);
    const consumers = await subscriptionConsumers(subscriptionId);
    expect(consumers.filter((c) => c === consumer.address)).toHaveLength(1);
    // Other test files may add consumers meanwhile; ours was added once, by the first run.
    expect(consumers.length).toBeGreaterThanOrEqual(before + 1);
  });

  it("a configuration update that failed after its commit is one update; a takeover answers it", async () => {
    const path = `/v1/vrf/consumers/${consumer.id}/config`;
    const body = { callback_gas_limit: 700_000 };
    const retry = await retriedAfterFailedCommit(t, "vrf.configure", { path, body, key: "vrf-config-1" }, 200);
    expect((await settled(retry.body.id)).status).toBe("confirmed");
    const takeover = await takenOver(t, { path, body, key: "vrf-config-1" }, 200);
    expect(takeover.body.id).toBe(retry.body.id);
    expect(await recordsOf(t, "vrf.configure")).toHaveLength(1);
    expect((await api(t, "GET", path)).body.callback_gas_limit).toBe(700_000);
  });

  it("a randomness request that failed after its commit is one request; a takeover after it was sent answers it", async () => {
    const body = { consumer_id: consumer.id, num_words: 2, network: NETWORK };
    const retry = await retriedAfterFailedCommit(t, "vrf.request", { path: "/v1/vrf/requests", body, key: "vrf-request-1" });
    expect(await db.vrfRequest.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "vrf.request")).toHaveLength(1);
    expect((await settled(retry.body.transaction)).status).toBe("confirmed");

    const takeover = await takenOver(t, { path: "/v1/vrf/requests", body, key: "vrf-request-1" });
    expect(takeover.body).toMatchObject({ id: retry.body.id, status: "pending" });
    expect(await db.vrfRequest.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "vrf.request")).toHaveLength(1);
  });
});
