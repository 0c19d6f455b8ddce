// After a switch of wallet mode, what the custodial wallet deployed or holds (a VRF consumer it administers,
// a price consumer it owns, vault shares it received) answers 409 managed_by_other_account naming that
// wallet, before anything is sent to the chain (issue 31.5).
import { beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { LOCAL_VRF_KEY_HASH, localCoordinator, localSubscriptionId } from "@/lib/vrf/base";
import { api, deployToken, ERC20_FEATURES, eventually, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { switchToConnect } from "@/lib/connect/testing/records";

describe("resources of the other wallet mode", () => {
  let t: TestTenant;
  let vault: string;
  let vrf: string;

  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await api(t, "POST", path, body);
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    t = await tenant();
    const token = await deployToken(t, { name: "Mode Cash", symbol: "MC", standard: "ERC20", initial_supply: "1000", features: ERC20_FEATURES });
    const v = await created("/v1/vaults", { asset: token.id, name: "Mode Vault", symbol: "vMC" });
    expect((await settled(v.deploy_transaction)).status).toBe("confirmed");
    vault = v.id;
    const deposit = await created(`/v1/vaults/${vault}/deposit`, { assets: "10" });
    await eventually(async () => (await api(t, "GET", `/v1/vaults/${vault}/operations/${deposit.id}`)).body.status === "succeeded", "deposit succeeded", 60_000);
    const eth = (await api(t, "GET", `/v1/price_feeds?network=${NETWORK}`)).body.data.find((f: any) => f.pair === "ETH-USD");
    const consumer = await created("/v1/price_feeds/consumers", { name: "Mode feed", network: NETWORK, pair: "ETH-USD", price_feed_address: eth.price_feed_address });
    expect((await settled(consumer.deploy_transaction)).status).toBe("confirmed");
    const c = await created("/v1/vrf/consumers", {
      name: "Mode VRF", network: NETWORK, vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: await localSubscriptionId(NETWORK),
    });
    expect((await settled(c.deploy_transaction)).status).toBe("confirmed");
    vrf = c.id;
    await switchToConnect(t, privateKeyToAccount(generatePrivateKey()));
  }, 120_000);

  it("answers 409 managed_by_other_account naming the custodial wallet, and records nothing", async () => {
    const writes = await db.transaction.count({ where: { tenantId: t.id } });
    const cases: [string, string, Record<string, unknown>][] = [
      ["POST", "/v1/price_feeds/ETH-USD/max_age", { max_age_seconds: 60 }],
      ["POST", `/v1/vrf/consumers/${vrf}/config`, { callback_gas_limit: 200_000 }],
      ["POST", "/v1/vrf/requests", { consumer_id: vrf, num_words: 1, network: NETWORK }],
      ["POST", `/v1/vaults/${vault}/redeem`, { shares: "1" }],
      ["POST", `/v1/vaults/${vault}/withdraw`, { assets: "1" }],
      ["POST", `/v1/vaults/${vault}/shares/transfer`, { to: "0x00000000000000000000000000000000000c0de2", amount: "1" }],
    ];
    for (const [method, path, body] of cases) {
      const res = await api(t, method, path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.error.code, path).toBe("managed_by_other_account");
      expect(res.body.error.message, path).toContain(t.wallet);
    }
    expect(await db.transaction.count({ where: { tenantId: t.id } })).toBe(writes);
  }, 60_000);
});
