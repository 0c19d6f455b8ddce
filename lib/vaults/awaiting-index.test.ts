// A deposit sums the owner's approvals still awaiting on the vault while it holds the vault's row lock: that
// sum must be an index lookup on the vault, not a scan of every tenant's vault_operations (issue 31.5).
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { awaitingSql } from "./service";

describe("vault approvals awaiting", () => {
  it("are summed through the (vault_id, owner, status) index", async () => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off"); // an empty test table would be scanned whatever the indexes
      const { rows } = await client.query(`EXPLAIN ${awaitingSql}`, ["vlt_x", "0x0000000000000000000000000000000000000001"]);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan).toMatch(/Index (Only )?Scan using vault_operations_vault_id_owner_status_idx|Bitmap Index Scan on vault_operations_vault_id_owner_status_idx/);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
