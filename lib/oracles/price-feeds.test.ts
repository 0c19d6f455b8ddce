// Price feeds through the HTTP API on the local chain: the listed mock aggregators, a consumer deployed through
// the factory, a price moved on an aggregator read back, a round older than max_age_seconds reported stale,
// rounds history, max_age updates (POST and legacy PUT), refusals that record nothing, and tenant isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Abi, type Address } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { account, api, chain, deployContract, NETWORK, send, settled, tenant, type TestTenant } from "@/lib/tokens/testing";

const mock = () => artifact("MockV3Aggregator");

describe("price feeds", () => {
  let t: TestTenant;
  let other: TestTenant;
  let owner: Awaited<ReturnType<typeof account>>;
  let feed: Address;

  async function consumer(body: Record<string, unknown>) {
    const res = await api(t, "POST", "/v1/price_feeds/consumers", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ object: "price_feed_consumer", status: "deploying", address: null });
    expect((await settled(res.body.deploy_transaction)).status).toBe("confirmed");
    const list = (await api(t, "GET", `/v1/price_feeds?network=${NETWORK}`)).body;
    return list.data.find((f: any) => f.consumer?.id === res.body.id).consumer;
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    owner = await account(true);
    // The test's own aggregator, so moving its price touches nothing another test reads.
    feed = await deployContract(owner.wallet, mock().abi as Abi, mock().bytecode, [8, 2_000n * 10n ** 8n]);
  });

  it("lists the local chain's mock aggregators per network", async () => {
    const res = await api(t, "GET", "/v1/price_feeds");
    expect(res.status).toBe(200);
    const amoy = res.body.data.filter((f: any) => f.network === NETWORK);
    expect(amoy.map((f: any) => f.pair)).toEqual(["ETH-USD", "BTC-USD", "USDC-USD"]);
    expect(res.body.data.map((f: any) => f.network)).toContain("sepolia"); // every test network the local chain serves
    for (const f of amoy) {
      expect(f).toMatchObject({ object: "price_feed", decimals: 8, listed: true, consumer: null });
      expect(await chain().getCode({ address: f.price_feed_address })).not.toBe("0x");
    }
    const eth = amoy[0];
    const c = await consumer({ name: "listed", network: NETWORK, price_feed_address: eth.price_feed_address, pair: "eth/usd" });
    expect(c).toMatchObject({ status: "active", pair: "ETH-USD", price_feed_address: eth.price_feed_address, max_age_seconds: 3600 });
    const after = (await api(t, "GET", `/v1/price_feeds?network=${NETWORK}`)).body.data;
    expect(after.map((f: any) => [f.pair, f.consumer?.id ?? null])).toEqual([["ETH-USD", c.id], ["BTC-USD", null], ["USDC-USD", null]]);
    const price = await api(t, "GET", "/v1/price_feeds/eth-usd");
    expect(price.status, JSON.stringify(price.body)).toBe(200);
    expect(price.body).toMatchObject({ object: "price", pair: "ETH-USD", decimals: 8 });
    expect(BigInt(price.body.answer)).toBeGreaterThan(0n);
  });

  it("reads a moved price back, reports an old round stale, and lists rounds", async () => {
    const c = await consumer({ name: "BTC settle", network: NETWORK, price_feed_address: feed, pair: "BTC-USD", max_age_seconds: 60 });
    expect(c.address).toMatch(/^0x/);
    let price = (await api(t, "GET", `/v1/price_feeds/BTC-USD?network=${NETWORK}`)).body;
    expect(price).toMatchObject({ answer: "200000000000", price: "2000", decimals: 8, round_id: "1", max_age_seconds: 60, stale: false });

    await send(owner.wallet, { address: feed, abi: mock().abi as Abi, functionName: "updateAnswer", args: [6_123_456_000_000n] });
    price = (await api(t, "GET", "/v1/price_feeds/BTC-USD")).body;
    expect(price).toMatchObject({ answer: "6123456000000", price: "61234.56", round_id: "2", stale: false });

    await chain().request({ method: "evm_increaseTime" as never, params: [120] as never });
    await chain().request({ method: "evm_mine" as never, params: [] as never });
    price = (await api(t, "GET", "/v1/price_feeds/BTC-USD")).body;
    expect(price.stale).toBe(true);
    expect(price.age_seconds).toBeGreaterThan(60);

    const config = (await api(t, "GET", "/v1/price_feeds/btc_usd/config")).body;
    expect(config).toMatchObject({ object: "price_feed_config", pair: "BTC-USD", price_feed_address: getAddress(feed), max_age_seconds: 60, owner: t.wallet, decimals: 8 });

    const rounds = (await api(t, "GET", "/v1/price_feeds/BTC-USD/rounds?count=5")).body;
    expect(rounds.data.map((r: any) => [r.round_id, r.answer])).toEqual([["2", "6123456000000"], ["1", "200000000000"]]);
    expect((await api(t, "GET", "/v1/price_feeds/BTC-USD/rounds?count=1")).body.data).toHaveLength(1);
    expect((await api(t, "GET", "/v1/price_feeds/BTC-USD/rounds?count=101")).status).toBe(400);

    // A longer threshold makes the same round fresh again, once the chain confirms it.
    const set = await api(t, "POST", "/v1/price_feeds/BTC-USD/max_age", { max_age_seconds: 86_400 });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    expect((await settled(set.body.id)).status).toBe("confirmed");
    price = (await api(t, "GET", "/v1/price_feeds/BTC-USD")).body;
    expect(price).toMatchObject({ max_age_seconds: 86_400, stale: false });
    const legacy = await api(t, "PUT", "/v1/price_feeds/BTC-USD/max_age", { max_age_seconds: 30 });
    expect(legacy.status).toBe(200);
    expect((await settled(legacy.body.id)).status).toBe("confirmed");
    expect((await api(t, "GET", "/v1/price_feeds/BTC-USD/config")).body.max_age_seconds).toBe(30);
    expect((await db.priceFeedConsumer.findUniqueOrThrow({ where: { id: c.id } })).maxAgeSeconds).toBe(30n);
  });

  it("the consumer contract: only its owner sets max age, and latestPrice flags a stale round on chain", async () => {
    const c = (await api(t, "GET", "/v1/price_feeds/BTC-USD/config")).body;
    const consumerAbi = artifact("PlatformPriceConsumer").abi as Abi;
    await expect(
      owner.wallet.writeContract({ address: c.address, abi: consumerAbi, functionName: "setMaxAge", args: [1n] } as never),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
    const read = async () => (await chain().readContract({ address: c.address, abi: consumerAbi, functionName: "latestPrice" })) as readonly [bigint, bigint, bigint, number, boolean];
    await send(owner.wallet, { address: feed, abi: mock().abi as Abi, functionName: "updateAnswer", args: [6_200_000_000_000n] });
    expect((await read())[4]).toBe(false);
    await chain().request({ method: "evm_increaseTime" as never, params: [c.max_age_seconds + 10] as never });
    await chain().request({ method: "evm_mine" as never, params: [] as never });
    const [, answer, , decimals, stale] = await read();
    expect([answer, decimals, stale]).toEqual([6_200_000_000_000n, 8, true]);
    expect((await api(t, "GET", "/v1/price_feeds/BTC-USD")).body).toMatchObject({ answer: "6200000000000", stale: true });
  });

  it("refuses bad input, recording nothing", async () => {
    const consumers = await db.priceFeedConsumer.count({ where: { tenantId: t.id } });
    const writes = await db.transaction.count({ where: { tenantId: t.id } });
    const base = { name: "x", network: NETWORK, price_feed_address: feed, pair: "LINK-USD" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, price_feed_address: owner.address }, "price_feed_invalid", "price_feed_address"],
      [{ ...base, price_feed_address: "0x000000000000000000000000000000000000dEaD" }, "price_feed_invalid", "price_feed_address"],
      [{ ...base, price_feed_address: "0x12" }, "parameter_invalid", "price_feed_address"],
      [{ ...base, pair: "ETHUSD" }, "parameter_invalid", "pair"],
      [{ ...base, max_age_seconds: 0 }, "parameter_invalid", "max_age_seconds"],
      [{ ...base, network: "ethereum" }, "network_mainnet_with_test_key", "network"],
      [{ ...base, network: "nowhere" }, "network_unknown", "network"],
    ];
    for (const [body, code, param] of cases) {
      const res = await api(t, "POST", "/v1/price_feeds/consumers", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ type: "invalid_request_error", code, param });
    }
    const exists = await api(t, "POST", "/v1/price_feeds/consumers", { ...base, pair: "BTC-USD" });
    expect(exists.status).toBe(409);
    expect(exists.body.error).toMatchObject({ code: "consumer_exists", param: "pair" });
    for (const body of [{ max_age_seconds: -1 }, { max_age_seconds: "60" }, {}]) {
      expect((await api(t, "POST", "/v1/price_feeds/BTC-USD/max_age", body)).status).toBe(400);
    }
    expect(await db.priceFeedConsumer.count({ where: { tenantId: t.id } })).toBe(consumers);
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(writes);
  });

  it("answers 404 on every route for a pair only another tenant has", async () => {
    const theirs = await api(other, "GET", "/v1/price_feeds");
    expect(theirs.body.data.filter((f: any) => f.consumer)).toEqual([]);
    for (const path of ["/v1/price_feeds/BTC-USD", "/v1/price_feeds/BTC-USD/config", "/v1/price_feeds/BTC-USD/rounds"]) {
      const res = await api(other, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("resource_missing");
    }
    expect((await api(other, "POST", "/v1/price_feeds/BTC-USD/max_age", { max_age_seconds: 10 })).status).toBe(404);
    expect((await api(other, "PUT", "/v1/price_feeds/BTC-USD/max_age", { max_age_seconds: 10 })).status).toBe(404);
  });

  it("a failed consumer deployment does not block its pair: a new consumer replaces it", async () => {
    const first = await api(t, "POST", "/v1/price_feeds/consumers", { name: "first", network: NETWORK, price_feed_address: feed, pair: "XAU-USD" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await settled(first.body.deploy_transaction);
    // as the deployment's revert leaves it (lib/oracles/effects)
    await db.priceFeedConsumer.update({ where: { id: first.body.id }, data: { status: "failed", address: null, failureReason: "reverted" } });
    expect((await api(t, "GET", `/v1/price_feeds/XAU-USD?network=${NETWORK}`)).body.error).toMatchObject({ code: "consumer_not_deployed" });

    const again = await consumer({ name: "again", network: NETWORK, price_feed_address: feed, pair: "XAU-USD" });
    expect(again).toMatchObject({ status: "active", pair: "XAU-USD" });
    expect(again.id).not.toBe(first.body.id);
    const price = await api(t, "GET", "/v1/price_feeds/XAU-USD");
    expect(price.status, JSON.stringify(price.body)).toBe(200);
    const dup = await api(t, "POST", "/v1/price_feeds/consumers", { name: "dup", network: NETWORK, price_feed_address: feed, pair: "XAU-USD" });
    expect(dup.body.error).toMatchObject({ code: "consumer_exists" });
  });

  it("an unknown ?network= answers 400 network_unknown naming the parameter, as in a POST", async () => {
    for (const path of ["/v1/price_feeds/ETH-USD?network=no_such_net", "/v1/price_feeds?network=no_such_net", "/v1/price_feeds/ETH-USD/rounds?network=no_such_net", "/v1/price_feeds/ETH-USD/config?network=no_such_net"]) {
      const res = await api(t, "GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatchObject({ code: "network_unknown", param: "network" });
    }
  });
});
