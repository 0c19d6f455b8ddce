// A unique violation, however it reaches the request wrapper (pg directly, or Prisma's P2002 through the pg
// adapter), becomes a 409 naming the resource; an unknown constraint a generic 409 resource_conflict.
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db";
import { newTenant } from "@/test/client";
import { uniqueConflict } from "./unique-violation";

const caught = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
};

describe("unique violations", () => {
  it("from pg name the constraint's resource, or answer resource_conflict for one not listed", async () => {
    const client = await pool.connect();
    try {
      await client.query("CREATE TEMP TABLE uv_probe (k int CONSTRAINT uv_probe_k_key UNIQUE)");
      await client.query("INSERT INTO uv_probe VALUES (1)");
      const error = await caught(() => client.query("INSERT INTO uv_probe VALUES (1)"));
      expect(uniqueConflict(error)?.body.error).toMatchObject({ type: "invalid_request_error", code: "resource_conflict", status: 409 });
    } finally {
      client.release();
    }
    expect(uniqueConflict(new Error("something else"))).toBeNull();
  });

  it("from Prisma (P2002) name the resource of a known constraint", async () => {
    const t = await newTenant();
    const error = await caught(() => db.user.create({ data: { id: `usr_uv${Date.now()}`, tenantId: t.auth.tenant.id, email: t.email, passwordHash: "x", fullName: "Twin" } }));
    expect(uniqueConflict(error)?.body.error).toMatchObject({ code: "email_already_registered", status: 409, param: "email" });
  });
});
