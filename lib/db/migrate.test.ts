// The migrations were squashed into one baseline before the first release. A developer's database that the
// old history built must keep working with `npm run dev` (recorded as having the baseline, nothing re-run);
// one built by part of that history is refused with a way out, never half-migrated.
import { describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/migrate";
import { ownDatabase } from "@/test/own-database";

const { url, client } = ownDatabase("migrate", { migrate: false });

const recorded = async () =>
  (await client.query<{ migration_name: string }>("SELECT migration_name FROM _prisma_migrations ORDER BY 1")).rows.map((r) => r.migration_name);

/** Makes the history look as the pre-baseline migrations left it (the schema is the same). */
async function recordOldHistory(names: string[]) {
  await client.query("DELETE FROM _prisma_migrations");
  for (const migration of names) {
    await client.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES (gen_random_uuid()::text, 'old', $1, now(), now(), 1)`,
      [migration],
    );
  }
}

describe("migrations", () => {
  it("build a new database from the baseline, and leave no connection or migration lock behind", async () => {
    expect(await applyMigrations(url)).toEqual(["20261127154202_baseline"]);
    // A lock left held made the next migration of this database (another instance starting) wait 10 s for it.
    const held = await client.query(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    expect(held.rows[0].n).toBe(0);
    const others = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    expect(others.rows[0].n).toBe(0);
    const tables = await client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
    expect(tables.rows[0].n).toBeGreaterThan(60);
  }, 60_000);

  it("adopt a database the pre-baseline history built: the baseline is recorded, nothing is re-run (no migration applied), data stays", async () => {
    await client.query(`INSERT INTO tenants (id, company_name) VALUES ('ten_kept', 'Kept') ON CONFLICT DO NOTHING`);
    await recordOldHistory(["20261122005920_init", "20261127115625_multisig_wallet_signatures"]);
    expect(await applyMigrations(url)).toEqual([]);
    expect(await recorded()).toContain("20261127154202_baseline");
    expect((await client.query("SELECT company_name FROM tenants WHERE id = 'ten_kept'")).rows).toEqual([{ company_name: "Kept" }]);
  }, 60_000);

  it("refuse a database built by only part of the old history, saying how to catch up, and change nothing", async () => {
    await recordOldHistory(["20261122005920_init", "20261124071451_vrf"]);
    await expect(applyMigrations(url)).rejects.toThrow(/older than the baseline.*736b701.*recreate it/);
    expect(await recorded()).toEqual(["20261122005920_init", "20261124071451_vrf"]);
  }, 60_000);
});
