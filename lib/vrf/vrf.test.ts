// VRF v2.5 through the HTTP API on the local chain: a consumer deployed through the factory and added to the
// platform's subscription, requests fulfilled by the local coordinator (the local fulfiller) and read back
// through the watcher and through POST /v1/vrf/fulfillment, config reads and updates, out-of-bounds
// refusals that record nothing, and another tenant's ids answering 404.
import { beforeAll, describe, expect, it } from "vitest";
import { toHex } from "viem";
import { db } from "@/lib/db";
import { api, eventually, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { LOCAL_VRF_KEY_HASH, localCoordinator, localSubscriptionId } from "./base";
import { fulfilLocalRequests } from "./local-fulfiller";

describe("VRF v2.5", () => {
  let t: TestTenant;
  let other: TestTenant;
  let consumer: any;
  let subscriptionId: string;

  /** POST /v1/vrf/requests, then waits for the on-chain request id. */
  async function requested(numWords: number) {
    const res = await api(t, "POST", "/v1/vrf/requests", { consumer_id: consumer.id, num_words: numWords, network: NETWORK });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "vrf_request", status: "requesting", request_id: null, random_words: null, num_words: numWords });
    expect((await settled(res.body.transaction)).status).toBe("confirmed");
    const pending = (await api(t, "GET", `/v1/vrf/requests/${res.body.id}`)).body;
    expect(pending).toMatchObject({ status: "pending", request_id: expect.stringMatching(/^\d+$/) });
    return pending;
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    subscriptionId = await localSubscriptionId(NETWORK);
    const res = await api(t, "POST", "/v1/vrf/consumers", {
      name: "Lottery", network: NETWORK, vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: subscriptionId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "vrf_consumer", status: "deploying", request_confirmations: 3, callback_gas_limit: 500_000 });
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    consumer = res.body;
  });

  it("reads the configuration from chain", async () => {
    const res = await api(t, "GET", `/v1/vrf/consumers/${consumer.id}/config`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      object: "vrf_consumer_config", address: consumer.address, vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH,
      subscription_id: subscriptionId, request_confirmations: 3, callback_gas_limit: 500_000, admin: t.wallet, request_count: 0,
    });
  });

  it("a request is fulfilled by the local coordinator and seen by the watcher", async () => {
    const req = await requested(3);
    const index = await api(t, "GET", `/v1/vrf/consumers/${consumer.id}/request_id?index=0`);
    expect(index.body).toMatchObject({ request_id: req.request_id, index: 0 });
    const requester = await api(t, "GET", `/v1/vrf/consumers/${consumer.id}/requester?request_id=${req.request_id}`);
    expect(requester.body).toMatchObject({ requester: t.wallet });

    expect(await fulfilLocalRequests()).toBeGreaterThanOrEqual(1);
    const done = await eventually(async () => {
      const body = (await api(t, "GET", `/v1/vrf/requests/${req.id}`)).body;
      return body.status === "fulfilled" && body;
    }, "the watcher to record the fulfilment");
    expect(done.random_words).toHaveLength(3);
    const result = await api(t, "GET", `/v1/vrf/requests/${req.id}/result`);
    expect(result.body).toMatchObject({ object: "vrf_result", fulfilled: true, random_words: done.random_words });

    // The watcher followed only our VRF subscription's fulfilments (topic 2 = subId), and stops once none waits.
    const filter = JSON.stringify([null, toHex(BigInt(subscriptionId), { size: 32 })]);
    const watches = () => db.chainLogSubscription.findMany({ where: { address: localCoordinator(), topicFilter: filter } });
    expect((await watches()).length).toBeGreaterThan(0);
    await eventually(async () => (await watches()).every((w) => !w.active), "the fulfilments' subscription to end once nothing waits");
  });

  it("POST /v1/vrf/fulfillment verifies on chain at once", async () => {
    const req = await requested(2);
    const before = await api(t, "POST", "/v1/vrf/fulfillment", { request_id: req.id });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({ status: "pending", random_words: null });
    await fulfilLocalRequests();
    const after = await api(t, "POST", "/v1/vrf/fulfillment", { request_id: req.request_id });
    expect(after.body).toMatchObject({ id: req.id, status: "fulfilled" });
    expect(after.body.random_words).toHaveLength(2);
    expect((await api(t, "GET", `/v1/vrf/requests/${req.id}/result`)).body.random_words).toEqual(after.body.random_words);
  });

  it("updates the configuration (POST and legacy PUT)", async () => {
    const post = await api(t, "POST", `/v1/vrf/consumers/${consumer.id}/config`, { callback_gas_limit: 600_000 });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    expect((await settled(post.body.id)).status).toBe("confirmed");
    const put = await api(t, "PUT", `/v1/vrf/consumers/${consumer.id}/config`, { request_confirmations: 5 });
    expect((await settled(put.body.id)).status).toBe("confirmed");
    const config = (await api(t, "GET", `/v1/vrf/consumers/${consumer.id}/config`)).body;
    expect(config).toMatchObject({ callback_gas_limit: 600_000, request_confirmations: 5 });
  });

  it("refuses out-of-bounds values before any chain call, recording nothing", async () => {
    const writes = await db.transaction.count({ where: { tenantId: t.id } });
    const requests = await db.vrfRequest.count({ where: { tenantId: t.id } });
    const consumers = await db.vrfConsumer.count({ where: { tenantId: t.id } });
    const cases: [string, string, Record<string, unknown>, string][] = [
      ["POST", "/v1/vrf/requests", { consumer_id: consumer.id, num_words: 501, network: NETWORK }, "num_words"],
      ["POST", "/v1/vrf/requests", { consumer_id: consumer.id, num_words: 0, network: NETWORK }, "num_words"],
      ["POST", "/v1/vrf/consumers", { name: "x", network: NETWORK, vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: subscriptionId, request_confirmations: 201 }, "request_confirmations"],
      ["POST", "/v1/vrf/consumers", { name: "x", network: NETWORK, vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: subscriptionId, callback_gas_limit: 99_999 }, "callback_gas_limit"],
      ["POST", "/v1/vrf/consumers", { name: "x", network: NETWORK, vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: subscriptionId, callback_gas_limit: 2_500_001 }, "callback_gas_limit"],
      ["POST", `/v1/vrf/consumers/${consumer.id}/config`, { request_confirmations: 0 }, "request_confirmations"],
    ];
    for (const [method, path, body, param] of cases) {
      const res = await api(t, method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.param).toBe(param);
    }
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(writes);
    expect(await db.vrfRequest.count({ where: { tenantId: t.id } })).toBe(requests);
    expect(await db.vrfConsumer.count({ where: { tenantId: t.id } })).toBe(consumers);
  });

  it("another tenant's ids answer 404 on every route", async () => {
    const req = (await db.vrfRequest.findFirstOrThrow({ where: { tenantId: t.id, status: "fulfilled" } }));
    const calls: [string, string, unknown?][] = [
      ["GET", `/v1/vrf/consumers/${consumer.id}`],
      ["GET", `/v1/vrf/consumers/${consumer.id}/config`],
      ["POST", `/v1/vrf/consumers/${consumer.id}/config`, { callback_gas_limit: 700_000 }],
      ["PUT", `/v1/vrf/consumers/${consumer.id}/config`, { callback_gas_limit: 700_000 }],
      ["GET", `/v1/vrf/consumers/${consumer.id}/request_id?index=0`],
      ["GET", `/v1/vrf/consumers/${consumer.id}/requester?request_id=${req.requestId}`],
      ["POST", "/v1/vrf/requests", { consumer_id: consumer.id, num_words: 1, network: NETWORK }],
      ["GET", `/v1/vrf/requests/${req.id}`],
      ["GET", `/v1/vrf/requests/${req.id}/result`],
      ["POST", "/v1/vrf/fulfillment", { request_id: req.id }],
      ["POST", "/v1/vrf/fulfillment", { request_id: req.requestId }],
    ];
    for (const [method, path, body] of calls) expect((await api(other, method, path, body)).status, `${method} ${path}`).toBe(404);
    expect(await db.transaction.count({ where: { tenantId: other.id } })).toBe(0);
    expect((await api(other, "GET", "/v1/vrf/consumers")).body.data).toEqual([]);
    expect((await api(other, "GET", "/v1/vrf/requests")).body.data).toEqual([]);
    const mine = await api(t, "GET", `/v1/vrf/requests?consumer_id=${consumer.id}&status=fulfilled`);
    expect(mine.body.data.map((r: { id: string }) => r.id)).toContain(req.id);
    expect((await api(t, "GET", "/v1/vrf/consumers")).body.data[0]).toMatchObject({ id: consumer.id, status: "active", callback_gas_limit: 600_000 });
  });
});
