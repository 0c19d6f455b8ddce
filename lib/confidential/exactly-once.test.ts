// Decrypt requests exactly once (issue 31): a create that fails after its row committed, retried with the same
// Idempotency-Key, answers the first request (one row); one that fails before its commit lets the key go.
import { beforeAll, describe, expect, it } from "vitest";
import { keccak256, toHex } from "viem";
import { pool } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { failingAfterCommit } from "@/test/exactly-once";
import { LOCAL_GATEWAY_SIGNER } from "./local-gateway";

describe("decrypt requests, exactly once", () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  beforeAll(async () => {
    t = await newTenant("Confidential once");
    const on = await call("POST", "/v1/tenant-features/confidential_decrypt", { token: t.apiKey, body: { enabled: true, config: { gateway_signer: LOCAL_GATEWAY_SIGNER } } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
  });

  const body = (n: string) => ({ handle: keccak256(toHex(`once ${n} ${Math.random()}`)), contract_address: "0x00000000000000000000000000000000000fE001", network: "polygon_amoy" });
  const create = (input: object, key: string) => call("POST", "/v1/confidential/decrypt_requests", { token: t.apiKey, body: input, headers: { "idempotency-key": key } });
  const rowsWith = async (handle: string) => (await pool.query("SELECT id FROM decrypt_requests WHERE handle = $1", [handle])).rows.map((r) => r.id);

  it("a request that failed after its commit is answered on retry: one record, the first answer replayed", async () => {
    const input = body("after");
    const first = await failingAfterCommit("decrypt_request", () => create(input, "dcr-once-1"));
    expect(first.status).toBe(500);
    const retry = await create(input, "dcr-once-1");
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await rowsWith(input.handle)).toEqual([retry.body.id]);
    expect(retry.body).toMatchObject({ object: "decrypt_request", status: "pending", handle: input.handle });
  });

  it("a request that failed before its commit lets the key go: the retry records it", async () => {
    const input = body("before");
    const first = await failingAfterCommit("decrypt_request", () => create(input, "dcr-once-2"), "FAULT_BEFORE_COMMIT");
    expect(first.status).toBe(500);
    expect(await rowsWith(input.handle)).toEqual([]);
    const retry = await create(input, "dcr-once-2");
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await rowsWith(input.handle)).toEqual([retry.body.id]);
  });
});
