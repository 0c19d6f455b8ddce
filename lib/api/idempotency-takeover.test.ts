// A request whose instance died mid-way leaves its idempotency key in progress, with no response stored.
// A repeat with the same key waits while the first one's heartbeat goes on, then takes the claim over: a
// chain write the dead one had recorded is answered, not recorded a second time.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call } from "@/test/client";
import { deployToken, ERC20_FEATURES, settled, tenant, type TestTenant } from "@/lib/tokens/testing";

let t: TestTenant;
let tokenId: string;
const TO = "0x00000000000000000000000000000000000000d7";

beforeAll(async () => {
  t = await tenant();
  tokenId = (await deployToken(t, { name: "Takeover", symbol: "TKO", standard: "ERC20", decimals: 0, initial_supply: "0", features: ERC20_FEATURES })).id;
});

const mint = (key: string, amount = "1") =>
  call("POST", `/v1/tokens/${tokenId}/mint`, { token: t.apiKey, body: { to: TO, amount }, headers: { "idempotency-key": key } });

/** Leaves the key as an instance that died after recording its write would: in progress, silent for a while. */
const abandon = (key: string, silentForMs: number) =>
  db.$executeRaw`UPDATE idempotency_records SET response_status = NULL, response_body = NULL,
    heartbeat_at = now() - ${silentForMs}::int * interval '1 millisecond' WHERE key = ${key}`;

describe("idempotency across a crashed instance", () => {
  it("a repeat takes over an abandoned key and answers the write the dead request recorded: one record", { timeout: 60_000 }, async () => {
    const first = await mint("crash-after-record");
    expect(first.status).toBe(201);
    await abandon("crash-after-record", 60_000);

    const repeat = await mint("crash-after-record");
    expect(repeat.status).toBe(201);
    expect(repeat.body.id).toBe(first.body.id);
    expect(repeat.headers.get("idempotent-replayed")).toBeNull(); // run again under the same claim, not replayed
    const records = await db.transaction.findMany({ where: { tokenId, kind: "token.mint", request: { path: ["amount"], equals: "1" } } });
    expect(records).toHaveLength(1);
    await settled(first.body.id);
    // From now on the stored answer is replayed.
    const again = await mint("crash-after-record");
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("a repeat while the first request's heartbeat goes on waits, and answers 409 in progress after its wait", { timeout: 60_000 }, async () => {
    const first = await mint("still-running", "2");
    expect(first.status).toBe(201);
    // Running (heartbeat fresh) and no answer yet: the repeat may not run it.
    await db.$executeRaw`UPDATE idempotency_records SET response_status = NULL, response_body = NULL, heartbeat_at = now() + interval '1 hour' WHERE key = 'still-running'`;
    const started = Date.now();
    const repeat = await mint("still-running", "2");
    expect(repeat.status).toBe(409);
    expect(repeat.body.error.code).toBe("idempotency_request_in_progress");
    expect(Date.now() - started).toBeGreaterThan(25_000);
    expect(await db.transaction.count({ where: { tokenId, request: { path: ["amount"], equals: "2" } } })).toBe(1);
  });

  it("a key used again after its record expired is a new request: a new record, not the old one", { timeout: 60_000 }, async () => {
    const first = await mint("expired-key", "3");
    await db.$executeRaw`UPDATE idempotency_records SET created_at = now() - interval '25 hours' WHERE key = 'expired-key'`;
    const later = await mint("expired-key", "3");
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await db.transaction.count({ where: { tokenId, request: { path: ["amount"], equals: "3" } } })).toBe(2);
  });
});
