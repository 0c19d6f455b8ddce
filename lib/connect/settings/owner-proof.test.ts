// Connect mode's owner proves control of its key for this tenant and mode: a missing, foreign, stale or
// replayed proof answers 400 naming the field, and the settings stay as they were.
import { beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { call } from "@/test/client";
import { tenant, type TestTenant } from "@/lib/tokens/testing";
import { ownerProofFields } from "@/lib/connect/testing/owner-proof";

const now = () => Math.floor(Date.now() / 1000);

describe("owner proof of connect mode", () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  let a: TestTenant;
  let b: TestTenant;
  const scopeA = () => ({ tenantId: a.id, livemode: false });
  const put = (body: Record<string, unknown>, t = a) => call("PUT", "/v1/settings/connect", { token: t.apiKey, body });
  const settings = async (t = a) => (await call("GET", "/v1/settings/connect", { token: t.apiKey })).body;

  /** The PUT answers 400 naming `param`, and the settings are as they were. */
  async function refused(body: Record<string, unknown>, param: string, code?: string) {
    const before = await settings();
    const res = await put(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", param, ...(code ? { code } : {}) });
    expect(await settings()).toEqual(before);
    return res.body.error;
  }

  beforeAll(async () => {
    [a, b] = await Promise.all([tenant(), tenant()]);
  });

  it("owner_signer without a signature, or a signature without owner_signer, is 400 and changes nothing", async () => {
    await refused({ wallet_mode: "connect", owner_signer: owner.address }, "owner_signature", "parameter_missing");
    const { owner_signer: _, ...proof } = await ownerProofFields(scopeA(), owner);
    await refused({ wallet_mode: "connect", ...proof }, "owner_signer", "parameter_missing");
    const { owner_signature_expires_at: __, ...noExpiry } = await ownerProofFields(scopeA(), owner);
    await refused({ wallet_mode: "connect", ...noExpiry }, "owner_signature_expires_at", "parameter_missing");
    expect(await settings()).toMatchObject({ wallet_mode: "custodial", owner_signer: null });
  });

  it("a signature for another tenant, the other mode, another owner or another expiry is 400 and changes nothing", async () => {
    const forB = await ownerProofFields({ tenantId: b.id, livemode: false }, owner);
    expect((await refused({ wallet_mode: "connect", ...forB }, "owner_signature", "owner_signature_invalid")).message).toMatch(/tenant, mode/);
    await refused({ wallet_mode: "connect", ...(await ownerProofFields({ tenantId: a.id, livemode: true }, owner)) }, "owner_signature", "owner_signature_invalid");
    const stranger = await ownerProofFields(scopeA(), privateKeyToAccount(generatePrivateKey()));
    await refused({ wallet_mode: "connect", ...stranger, owner_signer: owner.address }, "owner_signature", "owner_signature_invalid");
    const mine = await ownerProofFields(scopeA(), owner);
    await refused({ wallet_mode: "connect", ...mine, owner_signature_expires_at: mine.owner_signature_expires_at + 1 }, "owner_signature", "owner_signature_invalid");
    await refused({ wallet_mode: "connect", ...mine, owner_signature: `0x${"11".repeat(65)}` }, "owner_signature", "owner_signature_invalid");
    // B's own proof works for B only.
    expect((await put({ wallet_mode: "connect", ...forB }, b)).status).toBe(200);
    expect(await settings(b)).toMatchObject({ wallet_mode: "connect", owner_signer: owner.address });
    expect(await settings()).toMatchObject({ wallet_mode: "custodial", owner_signer: null });
  });

  it("an expired proof, or one expiring more than an hour ahead, is 400", async () => {
    await refused({ wallet_mode: "connect", ...(await ownerProofFields(scopeA(), owner, now() - 1)) }, "owner_signature_expires_at", "owner_signature_expired");
    await refused({ wallet_mode: "connect", ...(await ownerProofFields(scopeA(), owner, now() + 3700)) }, "owner_signature_expires_at", "parameter_invalid");
  });

  it("a valid proof switches; each proof is used once, so a replay (or an older proof) is 400 and changes nothing", async () => {
    const older = await ownerProofFields(scopeA(), owner, now() + 300);
    const first = await ownerProofFields(scopeA(), owner, now() + 600);
    const res = await put({ wallet_mode: "connect", ...first });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ wallet_mode: "connect", owner_signer: owner.address });

    const next = privateKeyToAccount(generatePrivateKey());
    const second = await ownerProofFields(scopeA(), next, now() + 900);
    expect((await put({ ...second })).status).toBe(200);
    expect(await settings()).toMatchObject({ wallet_mode: "connect", owner_signer: next.address });
    await refused({ ...first }, "owner_signature", "owner_signature_used");
    await refused({ ...older }, "owner_signature", "owner_signature_used");
    // Other settings change without a proof; switching back to custodial and on again needs none either.
    expect((await put({ cors: { allowed_origins: ["https://app.example"] } })).status).toBe(200);
    expect((await put({ wallet_mode: "custodial" })).status).toBe(200);
    expect((await put({ wallet_mode: "connect" })).body).toMatchObject({ wallet_mode: "connect", owner_signer: next.address });
  });

  it("an owner stored before proofs were required is proven before connect mode is switched on", async () => {
    const t = await tenant();
    await db.connectSettings.create({ data: { tenantId: t.id, livemode: false, ownerSigner: owner.address, walletMode: "custodial" } });
    const res = await put({ wallet_mode: "connect" }, t);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ param: "owner_signature", code: "parameter_missing" });
    expect(await settings(t)).toMatchObject({ wallet_mode: "custodial" });
    expect((await put({ wallet_mode: "connect", ...(await ownerProofFields({ tenantId: t.id, livemode: false }, owner)) }, t)).status).toBe(200);
  });

  it("one proof sent by several requests at once is used by exactly one of them", async () => {
    const t = await tenant();
    const proof = await ownerProofFields({ tenantId: t.id, livemode: false }, owner);
    const answers = await Promise.all([1, 2, 3, 4].map(() => put({ wallet_mode: "connect", ...proof }, t)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const r of answers.filter((r) => r.status === 400)) expect(r.body.error).toMatchObject({ param: "owner_signature", code: "owner_signature_used" });
    expect(await settings(t)).toMatchObject({ wallet_mode: "connect", owner_signer: owner.address });
  });
});
