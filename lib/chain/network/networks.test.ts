// Misuse prevented: a live key's writes landing on the local chain (they would look confirmed and be
// nothing), and the local chain standing in for real networks in production. Also: provider RPC URLs,
// which carry access keys, leaking through chain error texts or the networks list.
import { afterEach, describe, expect, it } from "vitest";
import { BaseError } from "viem";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { redactRpc } from "@/lib/core/redact";
import { revertReason } from "@/lib/chain/records/revert";
import { freePort } from "@/scripts/lib/ports";

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["NODE_ENV", "ALLOW_LOCAL_CHAIN", "RPC_URL_SEPOLIA", "RPC_URL_POLYGON"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const setEnv = (name: string, value: string) => Object.assign(process.env, { [name]: value }); // NODE_ENV is read-only in the types
const networks = async (token: string) => (await call("GET", "/v1/networks", { token })).body.data as any[];
const byName = (list: any[], name: string) => list.find((n) => n.name === name);
const deploy = (token: string, network: string) => call("POST", "/v1/tokens", { token, body: { name: "N", symbol: "N", standard: "ERC20", network } });

describe("networks without RPC_URL_<NETWORK>", () => {
  it("a live key never lands on the local chain: mainnets are unavailable and a deploy is 400 before anything is recorded", async () => {
    const t = await newTenant();
    const live = (await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "live", environment: "live" } })).body.secret;
    const list = await networks(live);
    expect(byName(list, "polygon")).toMatchObject({ available: false, rpc: null, testnet: false });
    expect(byName(list, "polygon_amoy")).toMatchObject({ available: true, rpc: "local" });

    const refused = await deploy(live, "polygon");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "network_unavailable", param: "network" });
    expect(await db.token.count({ where: { tenantId: t.auth.tenant.id } })).toBe(0);
    expect(await db.transaction.count({ where: { tenantId: t.auth.tenant.id } })).toBe(0);
    // Any write to an existing record of such a network is refused the same way.
    expect(() => chainTarget("polygon")).toThrow(expect.objectContaining({ status: 400, code: "network_unavailable" }));
  });

  it("in production the local chain serves test networks only with ALLOW_LOCAL_CHAIN=1", async () => {
    const t = await newTenant();
    setEnv("NODE_ENV", "production");
    expect(byName(await networks(t.apiKey), "polygon_amoy")).toMatchObject({ available: false, rpc: null });
    const refused = await deploy(t.apiKey, "polygon_amoy");
    expect(refused.body.error).toMatchObject({ code: "network_unavailable", param: "network" });
    expect(await db.token.count({ where: { tenantId: t.auth.tenant.id } })).toBe(0);

    setEnv("ALLOW_LOCAL_CHAIN", "1");
    expect(byName(await networks(t.apiKey), "polygon_amoy")).toMatchObject({ available: true, rpc: "local" });
    expect(byName(await networks(t.apiKey), "polygon")).toMatchObject({ available: false }); // never a mainnet
  });

  it("a mainnet with its RPC_URL is available", async () => {
    const t = await newTenant();
    setEnv("RPC_URL_POLYGON", "https://polygon.rpc.example/v1/key-abc");
    expect(byName(await networks(t.apiKey), "polygon")).toMatchObject({ available: true, rpc: "https://polygon.rpc.example" });
  });
});

describe("several RPC URLs", () => {
  it("RPC_URL_<NETWORK> may list several: with a dead one first, calls go to the live one, and both are shown by origin only", async () => {
    const live = new URL(process.env.LOCAL_CHAIN_RPC_URL!);
    const dead = `http://127.0.0.1:${await freePort()}/dead-key-1`;
    setEnv("RPC_URL_SEPOLIA", `${dead}, http://127.0.0.1:${live.port}/live-key-2`);
    const target = chainTarget("sepolia");
    expect([target.chainKey, target.rpcUrls]).toEqual(["sepolia", [dead, `http://127.0.0.1:${live.port}/live-key-2`]]);
    const client = publicClient("sepolia");
    const head = await client.getBlockNumber({ cacheTime: 0 });
    expect(await client.getBlock({ blockNumber: head })).toMatchObject({ number: head });

    const t = await newTenant();
    const res = await call("GET", "/v1/networks", { token: t.apiKey });
    expect(byName(res.body.data, "sepolia")).toMatchObject({ available: true, rpc: `${new URL(dead).origin},http://127.0.0.1:${live.port}` });
    expect(JSON.stringify(res.body)).not.toMatch(/dead-key-1|live-key-2/);
    expect(redactRpc(`URL: ${dead} failed`)).not.toContain("dead-key-1");
  });
});

describe("RPC URLs never leak", () => {
  it("strips a configured provider URL's key from viem's error text and from the networks list", async () => {
    const local = new URL(process.env.LOCAL_CHAIN_RPC_URL!);
    const secretUrl = `http://127.0.0.1:${local.port}/secret-key-123`;
    setEnv("RPC_URL_SEPOLIA", secretUrl);
    let error: unknown;
    try {
      await publicClient("sepolia").request({ method: "eth_noSuchMethod" as "eth_chainId" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BaseError);
    const text = `${(error as BaseError).message}\n${(error as BaseError).details}`;
    expect(text).toContain("secret-key-123"); // what viem puts in its errors
    expect(redactRpc(text)).not.toContain("secret-key-123");
    expect(redactRpc(text)).toContain(`http://127.0.0.1:${local.port}`);
    expect(revertReason(error)).not.toContain("secret-key-123");
    // Any URL's path and query go, configured or not; a key-bearing path quoted without its host too.
    expect(redactRpc("URL: https://eth.rpc.example/v2/abcdef?apikey=x")).toBe("URL: https://eth.rpc.example/…");
    expect(redactRpc("POST /secret-key-123 failed")).toBe("POST /… failed");

    const t = await newTenant();
    const res = await call("GET", "/v1/networks", { token: t.apiKey });
    expect(byName(res.body.data, "sepolia").rpc).toBe(`http://127.0.0.1:${local.port}`);
    expect(JSON.stringify(res.body)).not.toContain("secret-key-123");
  });
});
