// Test helpers for exactly-once: a request that fails after its chain writes committed (FAULT_AFTER_COMMIT,
// lib/chain/intake/resources), and one whose instance died after committing (its key left in progress, silent).
import { expect } from "vitest";
import { db } from "@/lib/db";
import { call, type CallResult } from "@/test/client";
import type { TestTenant } from "@/lib/tokens/testing";

export const keyed = (t: TestTenant, method: string, path: string, body: unknown, key: string) =>
  call(method, path, { token: t.apiKey, body, headers: { "idempotency-key": key } });

/**
 * Sends the request with FAULT_AFTER_COMMIT set to `kind`: its writes commit, then it fails (answers 500). With
 * FAULT_BEFORE_COMMIT (a create of rows alone, lib/db/answer-once), it fails before anything commits.
 */
export async function failingAfterCommit<T = CallResult>(kind: string, send: () => Promise<T>, variable: "FAULT_AFTER_COMMIT" | "FAULT_BEFORE_COMMIT" = "FAULT_AFTER_COMMIT"): Promise<T> {
  const before = process.env[variable];
  process.env[variable] = kind;
  try {
    return await send();
  } finally {
    if (before === undefined) delete process.env[variable];
    else process.env[variable] = before;
  }
}

/** Leaves a key as an instance that died after committing would: in progress, no answer, silent for a minute. */
export const abandonKey = (key: string) =>
  db.$executeRaw`UPDATE idempotency_records SET response_status = NULL, response_body = NULL, heartbeat_at = now() - interval '1 minute' WHERE key = ${key}`;

/** The tenant's records of a kind (every mode), to count. */
export const recordsOf = (t: TestTenant, kind: string) => db.transaction.findMany({ where: { tenantId: t.id, kind } });

/**
 * The request fails after its writes committed (FAULT_AFTER_COMMIT=`kind`, 500); the same request again with the
 * same key answers `status`. Returns that retry.
 */
export async function retriedAfterFailedCommit(t: TestTenant, kind: string, request: { method?: string; path: string; body: unknown; key: string }, status = 201) {
  const { method = "POST", path, body, key } = request;
  const first = await failingAfterCommit(kind, () => keyed(t, method, path, body, key));
  expect(first.status).toBe(500);
  const retry = await keyed(t, method, path, body, key);
  expect(retry.status, JSON.stringify(retry.body)).toBe(status);
  return retry;
}

/** The key left as a dead instance leaves it (abandonKey); the same request again takes it over and answers `status`. */
export async function takenOver(t: TestTenant, request: { method?: string; path: string; body: unknown; key: string }, status = 201) {
  const { method = "POST", path, body, key } = request;
  await abandonKey(key);
  const takeover = await keyed(t, method, path, body, key);
  expect(takeover.status, JSON.stringify(takeover.body)).toBe(status);
  return takeover;
}
