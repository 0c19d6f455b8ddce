// Intake refuses a kind that no module registered, before anything is recorded: no transaction, no chain
// write counted towards the plan, no wallet woken. The kind type already refuses it at compile time (the
// expected type error below fails the type check if it ever compiles); this is the run-time half, for a kind
// that reaches intake as a plain string.
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db";
import { newTenant } from "@/test/client";
import { tenantWallet } from "@/lib/chain/eoa/wallets";
import { submitChainWrite } from "@/lib/chain/intake";
import { recordChainWrite, recordFollowUp } from "@/lib/chain/intake/record";
import { registeredKinds, type ChainWrite } from "@/lib/chain/registry/kinds";

const chainWritesCounted = async (tenantId: string) =>
  Number((await pool.query("SELECT coalesce(sum(writes + local_writes), 0) AS n FROM billing_chain_writes WHERE tenant_id = $1", [tenantId])).rows[0].n);

describe("a kind nobody registered", () => {
  it("is refused at intake as a programming error, and nothing is recorded or counted", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    await tenantWallet(tenantId, false);
    const write: ChainWrite = {
      tenantId, livemode: false, network: "polygon_amoy",
      // @ts-expect-error the kind type comes from the registered modules: an unregistered kind does not compile
      kind: "token.nobody_registered",
      to: "0x00000000000000000000000000000000000000aa", data: "0x", request: {},
    };
    expect(registeredKinds()).not.toContain(write.kind);
    const refused = /no module registers the chain write kind 'token\.nobody_registered'.*nothing was recorded/;
    await expect(submitChainWrite(write)).rejects.toThrow(refused);
    await expect(recordChainWrite(write)).rejects.toThrow(refused);
    await expect(recordFollowUp(write, pool)).rejects.toThrow(refused);
    expect(await db.transaction.count({ where: { tenantId } })).toBe(0);
    expect(await chainWritesCounted(tenantId)).toBe(0);
  });

  it("while a registered kind passes the same intake and is counted", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const wallet = await tenantWallet(tenantId, false);
    const tx = await submitChainWrite({ tenantId, livemode: false, network: "polygon_amoy", kind: "nonce.fill", to: wallet.address as `0x${string}`, data: "0x", request: {} });
    expect(tx.status).toBe("pending");
    expect(await db.transaction.count({ where: { tenantId } })).toBe(1);
    expect(await chainWritesCounted(tenantId)).toBe(1);
  });
});
