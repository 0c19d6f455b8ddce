// Price-feed writes exactly once (issue 31): a consumer deployment (price_feed.deploy_consumer) and a max-age
// change (price_feed.set_max_age) failing after their commit and retried with the same key answer what they
// committed; a takeover after the deployment confirmed answers the consumer, not consumer_exists.
import { beforeAll, describe, expect, it } from "vitest";
import type { Abi, Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { account, api, deployContract, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { recordsOf, retriedAfterFailedCommit, takenOver } from "@/test/exactly-once";

describe("price-feed writes, exactly once", () => {
  let t: TestTenant;
  let feed: Address;

  beforeAll(async () => {
    t = await tenant();
    const owner = await account(true);
    const mock = artifact("MockV3Aggregator");
    feed = await deployContract(owner.wallet, mock.abi as Abi, mock.bytecode, [8, 3_000n * 10n ** 8n]);
  });

  it("a consumer deployment that failed after its commit is one consumer; a takeover after it confirmed answers it, not consumer_exists", async () => {
    const body = { name: "Once feed", network: NETWORK, price_feed_address: feed, pair: "SOL-USD" };
    const retry = await retriedAfterFailedCommit(t, "price_feed.deploy_consumer", { path: "/v1/price_feeds/consumers", body, key: "feed-deploy-1" });
    expect(await db.priceFeedConsumer.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "price_feed.deploy_consumer")).toHaveLength(1);
    expect((await settled(retry.body.deploy_transaction)).status).toBe("confirmed");

    const takeover = await takenOver(t, { path: "/v1/price_feeds/consumers", body, key: "feed-deploy-1" });
    expect(takeover.body.id).toBe(retry.body.id);
    expect(await db.priceFeedConsumer.count({ where: { tenantId: t.id } })).toBe(1);
    expect(await recordsOf(t, "price_feed.deploy_consumer")).toHaveLength(1);
  });

  it("a max-age change that failed after its commit is one change; a takeover after it confirmed answers it", async () => {
    const body = { max_age_seconds: 600 };
    const retry = await retriedAfterFailedCommit(t, "price_feed.set_max_age", { path: "/v1/price_feeds/SOL-USD/max_age", body, key: "feed-max-age-1" });
    expect((await settled(retry.body.id)).status).toBe("confirmed");
    const takeover = await takenOver(t, { path: "/v1/price_feeds/SOL-USD/max_age", body, key: "feed-max-age-1" });
    expect(takeover.body.id).toBe(retry.body.id);
    expect(await recordsOf(t, "price_feed.set_max_age")).toHaveLength(1);
    expect((await api(t, "GET", "/v1/price_feeds/SOL-USD/config")).body.max_age_seconds).toBe(600);
  });
});
