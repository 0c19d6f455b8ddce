// Load is not bad input: when the database cannot serve a request in time (no free connection, a transaction
// that cannot start within its maxWait, a server that refuses or drops connections) the answer is 503 in the
// envelope with Retry-After, never 500 — and it is logged once, not once per request.
// The pool is made small and its waits short (before the first query creates it), so it can be held full.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

vi.hoisted(() => {
  process.env.DATABASE_POOL_SIZE = "3";
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "1500";
  process.env.DATABASE_TRANSACTION_MAX_WAIT_MS = "300"; // shorter than the pool's wait, as Prisma's 2 s default was
});

import { db, pool, poolSettings } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { freePort } from "@/scripts/lib/ports";
import { call, newTenant } from "@/test/client";

let owner: Awaited<ReturnType<typeof newTenant>>;
let held: pg.PoolClient[] = [];

/** Takes every connection of the request pool, as a burst of slow requests would. */
async function exhaustPool() {
  expect(pool.options.max).toBe(3);
  held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
}
function releasePool() {
  for (const client of held) client.release();
  held = [];
}

beforeAll(async () => {
  owner = await newTenant("Unavailable");
});
afterEach(() => {
  releasePool();
  vi.restoreAllMocks();
});

const keyCount = () => db.apiKey.count({ where: { tenantId: owner.auth.tenant.id } });

function expectUnavailable(res: { status: number; body: any; headers: Headers }) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error).toMatchObject({ type: "api_error", code: "service_unavailable", status: 503 });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("request-id")).toMatch(/^req_/);
}

describe("the database cannot serve the request in time", () => {
  it("a transaction that cannot start within maxWait (POST /v1/api_keys, the key-and-event transaction): 503 with Retry-After, nothing created; then 201 once connections are free", async () => {
    const before = await keyCount();
    await exhaustPool();
    // The session token is checked without the request pool, and the rate-limit slot comes from its own pool:
    // only the handler's transaction waits for a connection here.
    const res = await call("POST", "/v1/api_keys", { token: owner.accessToken, body: { name: "under load", environment: "test" } });
    expectUnavailable(res);
    releasePool();
    expect(await keyCount()).toBe(before);
    const retried = await call("POST", "/v1/api_keys", { token: owner.accessToken, body: { name: "under load", environment: "test" } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(await keyCount()).toBe(before + 1);
  });

  it("a pool with no free connection within its connection timeout (a read): 503, and the idempotent retry of a write runs once", async () => {
    await exhaustPool();
    const started = Date.now();
    const list = await call("GET", "/v1/api_keys", { token: owner.accessToken });
    expectUnavailable(list);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400); // it waited the connection timeout, not for ever
    const write = () => call("POST", "/v1/api_keys", { token: owner.accessToken, body: { name: "retried", environment: "test", idempotency_key: "unavailable-retry-1" } });
    expectUnavailable(await write()); // the idempotency claim itself cannot get a connection
    releasePool();
    const before = await keyCount();
    const first = await write();
    expect(first.status).toBe(201);
    const replay = await write();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(first.body.id);
    expect(await keyCount()).toBe(before + 1);
  });

  it("an outage is logged once, not once per request", async () => {
    process.env.LOG_LEVEL = "info";
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    vi.spyOn(process.stdout, "write").mockImplementation(() => true); // the request lines
    try {
      await exhaustPool();
      const answers = await Promise.all(Array.from({ length: 4 }, () => call("GET", "/v1/api_keys", { token: owner.accessToken })));
      for (const res of answers) expectUnavailable(res);
    } finally {
      process.env.LOG_LEVEL = "silent";
    }
    const logged = lines.filter((line) => line.includes("database unavailable"));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({ level: "warn", message: expect.stringContaining("timeout exceeded when trying to connect") });
    expect(lines.filter((line) => line.includes("unhandled error"))).toHaveLength(0);
  });
});

describe("isDatabaseUnavailable, on the errors the drivers really raise", () => {
  const url = () => process.env.DATABASE_URL!;
  const caught = (promise: Promise<unknown>) => promise.then(() => expect.unreachable("no error"), (error: unknown) => error);

  it("a server that refuses connections, through pg and through Prisma (a query and a transaction)", async () => {
    const closed = new URL(url());
    closed.port = String(await freePort());
    const refusing = new pg.Pool({ connectionString: closed.toString(), max: 1 });
    const prisma = new PrismaClient({ adapter: new PrismaPg(refusing) });
    try {
      expect(isDatabaseUnavailable(await caught(refusing.query("SELECT 1")))).toBe(true);
      expect(isDatabaseUnavailable(await caught(prisma.apiKey.count()))).toBe(true);
      expect(isDatabaseUnavailable(await caught(prisma.$transaction((tx) => tx.apiKey.count())))).toBe(true);
    } finally {
      await refusing.end();
    }
  });

  it("a connection the server terminates (57P01 admin shutdown), mid-query and idle", async () => {
    const admin = new pg.Client({ connectionString: url() });
    const victim = new pg.Client({ connectionString: url() });
    await Promise.all([admin.connect(), victim.connect()]);
    victim.on("error", () => {}); // the idle connection's termination arrives as an event
    try {
      const pid = (await victim.query("SELECT pg_backend_pid() AS pid")).rows[0].pid;
      const sleeping = caught(victim.query("SELECT pg_sleep(5)"));
      await new Promise((r) => setTimeout(r, 100));
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      const midQuery = (await sleeping) as { code?: string };
      expect(midQuery.code).toBe("57P01");
      expect(isDatabaseUnavailable(midQuery)).toBe(true);
      expect(isDatabaseUnavailable(await caught(victim.query("SELECT 1")))).toBe(true); // the broken client
    } finally {
      await admin.end();
      await victim.end().catch(() => {});
    }
  });

  it("is false for what is a bug or bad input: a unique violation, a syntax error, a plain Error", async () => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      expect(isDatabaseUnavailable(await caught(client.query("SELEC 1")))).toBe(false);
      expect(isDatabaseUnavailable(await caught(db.$queryRawUnsafe("SELECT 1/0")))).toBe(false);
      expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
      expect(isDatabaseUnavailable(undefined)).toBe(false);
    } finally {
      await client.end();
    }
  });

  it("the pool settings come from the environment and refuse nonsense", () => {
    expect(poolSettings({ DATABASE_POOL_SIZE: "4" })).toEqual({ size: 4, connectTimeoutMs: 10_000, transactionMaxWaitMs: 10_000, transactionTimeoutMs: 15_000 });
    expect(() => poolSettings({ DATABASE_CONNECT_TIMEOUT_MS: "soon" })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
  });
});
