// The settings page's server actions, called as Next.js calls them (the signed-in session through next-auth,
// the test/live cookie through next/headers) against the real database and local chain: each form saves its
// group only, as the API then reads it; bad input answers field errors and changes nothing; a tenant sees and
// changes only its own settings, in the environment the page showed; connect mode takes the owner's signature
// of the typed data the page shows, made the way a browser wallet makes it (eth_signTypedData_v4).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { call, newTenant } from "@/test/client";
import { db } from "@/lib/db";

const request = vi.hoisted(() => ({ userId: null as string | null, environment: "test" }));
vi.mock("next-auth", () => ({ getServerSession: async () => (request.userId ? { userId: request.userId } : null) }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (name === "tp_env" ? { name, value: request.environment } : undefined), set: () => undefined }),
  headers: async () => new Headers(),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const actions = await import("@/app/(console)/_actions/settings");
const { validateConsoleForm } = await import("@/app/(console)/_actions/validate");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
async function signUp(name: string) {
  const tenant = await newTenant(name);
  const user = await db.user.findUniqueOrThrow({ where: { email: tenant.email } });
  return { ...tenant, userId: user.id, tenantId: user.tenantId };
}
type Tenant = Awaited<ReturnType<typeof signUp>>;
const as = (tenant: Tenant | null, environment: "test" | "live" = "test") => {
  request.userId = tenant?.userId ?? null;
  request.environment = environment;
};
const get = async (tenant: Tenant, path: string) => (await call("GET", path, { token: tenant.apiKey })).body;
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

let a: Tenant;
let b: Tenant;
beforeEach(async () => {
  a ??= await signUp("Settings A");
  b ??= await signUp("Settings B");
  as(a);
});

describe("saving a group", () => {
  it("saves CORS, OAuth and passkeys one group at a time, read back by the API as saved", async () => {
    const google = `${unique()}.apps.googleusercontent.com`;
    expect(await actions.saveOAuthAction("test", form({ google_client_id: google, apple_client_id: "" }))).toMatchObject({ status: "ok", result: { google_client_id: google, apple_client_id: null } });

    const cors = await actions.saveCorsAction("test", form({ allowed_origins: "https://app.example.com/\r\n\n  http://localhost:3000 \nhttps://APP.example.com" }));
    expect(cors).toMatchObject({ status: "ok", result: { object: "cors_settings", allowed_origins: ["https://app.example.com", "http://localhost:3000"], livemode: false } });
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual(["https://app.example.com", "http://localhost:3000"]);
    // The CORS save left OAuth as it was.
    expect(await get(a, "/v1/settings/oauth")).toMatchObject({ google_client_id: google, providers: ["google"] });

    expect(await actions.savePasskeysAction("test", form({ rp_id: "example.com", rp_name: "Example DApp" }))).toMatchObject({ status: "ok" });
    expect(await get(a, "/v1/settings/passkeys")).toMatchObject({ rp_id: "example.com", rp_name: "Example DApp" });

    // An emptied field removes the value (null), the others of the group are sent as shown.
    expect(await actions.saveOAuthAction("test", form({ google_client_id: "", apple_client_id: "com.example.signin" }))).toMatchObject({ status: "ok" });
    expect(await get(a, "/v1/settings/oauth")).toMatchObject({ google_client_id: null, apple_client_id: "com.example.signin", providers: ["apple"] });
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual(["https://app.example.com", "http://localhost:3000"]);
    expect(await get(a, "/v1/settings/passkeys")).toMatchObject({ rp_id: "example.com" });

    // An empty list clears the origins.
    expect(await actions.saveCorsAction("test", form({ allowed_origins: "" }))).toMatchObject({ status: "ok", result: { allowed_origins: [] } });
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual([]);
    await actions.saveCorsAction("test", form({ allowed_origins: "https://app.example.com" }));
  });
});

describe("validation", () => {
  it("answers the API schema's errors under the field they concern and saves nothing", async () => {
    await actions.saveCorsAction("test", form({ allowed_origins: "https://kept.example.com" }));
    const before = await get(a, "/v1/settings/connect");

    const cors = await actions.saveCorsAction("test", form({ allowed_origins: "https://ok.example.com\nftp://files.example.com" }));
    expect(cors.status).toBe("error");
    expect(cors.fields).toEqual({ allowed_origins: expect.stringMatching(/^"ftp:\/\/files\.example\.com": must be an origin/) });
    // Inline validation (on blur) finds the same, under the same field.
    expect(await validateConsoleForm("settingsCors", form({ allowed_origins: "https://ok.example.com\nhttps://x.example.com/path" }))).toEqual({
      allowed_origins: expect.stringMatching(/^"https:\/\/x\.example\.com\/path": must be an origin/),
    });
    const many = Array.from({ length: 51 }, (_, i) => `https://app${i}.example.com`).join("\n");
    expect((await actions.saveCorsAction("test", form({ allowed_origins: many }))).fields).toEqual({ allowed_origins: "Must have at most 50 items." });

    const passkeys = await actions.savePasskeysAction("test", form({ rp_id: "https://Example.com", rp_name: "x".repeat(101) }));
    expect(passkeys.status).toBe("error");
    expect(passkeys.fields).toEqual({ rp_id: expect.stringMatching(/^Must be a domain name/), rp_name: "Must be at most 100 characters." });

    const oauth = await actions.saveOAuthAction("test", form({ google_client_id: "line\u0007break", apple_client_id: "" }));
    expect(oauth.fields).toEqual({ google_client_id: "Must not contain control characters." });

    // Connect mode: without an owner, and with a signature that is not one.
    expect((await actions.saveWalletModeAction("test", form({ wallet_mode: "connect" }))).fields).toEqual({ owner_signer: "This field is required." });
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const bad = await actions.saveWalletModeAction("test", form({ wallet_mode: "connect", owner_signer: owner, owner_signature: "0x12", owner_signature_expires_at: "99" }));
    expect(bad.fields).toMatchObject({ owner_signature: expect.stringMatching(/signature/) });
    expect((await actions.prepareOwnerProofAction("test", form({ owner_signer: "0x123" }))).fields).toEqual({ owner_signer: expect.stringMatching(/^Must be a 0x-prefixed address/) });
    expect((await actions.saveWalletModeAction("test", form({ wallet_mode: "sideways" }))).fields).toEqual({ wallet_mode: expect.any(String) });

    expect(await get(a, "/v1/settings/connect")).toEqual(before);
  });
});

describe("tenants and environments", () => {
  it("shows and changes only the signed-in tenant's settings, in the environment the page showed", async () => {
    const google = `${unique()}.apps.googleusercontent.com`;
    await actions.saveCorsAction("test", form({ allowed_origins: "https://a-only.example.com" }));
    await actions.saveOAuthAction("test", form({ google_client_id: google, apple_client_id: "" }));

    as(b);
    expect((await get(b, "/v1/settings/cors")).allowed_origins).toEqual([]);
    expect((await get(b, "/v1/settings/oauth")).google_client_id).toBeNull();
    // A client id belongs to one tenant: B cannot take A's (409, under the field).
    const taken = await actions.saveOAuthAction("test", form({ google_client_id: google, apple_client_id: "" }));
    expect(taken.status).toBe("error");
    expect(taken.fields).toEqual({ google_client_id: expect.stringMatching(/another tenant/) });
    expect(await actions.saveCorsAction("test", form({ allowed_origins: "https://b-only.example.com" }))).toMatchObject({ status: "ok" });
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual(["https://a-only.example.com"]);
    expect((await get(a, "/v1/settings/oauth")).google_client_id).toBe(google);

    // Live mode has its own settings; the test ones stay.
    as(a, "live");
    const live = await actions.saveCorsAction("live", form({ allowed_origins: "https://live.example.com" }));
    expect(live).toMatchObject({ status: "ok", result: { allowed_origins: ["https://live.example.com"], livemode: true } });
    const row = await db.connectSettings.findUniqueOrThrow({ where: { tenantId_livemode: { tenantId: a.tenantId, livemode: true } } });
    expect(row.allowedOrigins).toEqual(["https://live.example.com"]);
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual(["https://a-only.example.com"]);

    // A page shown for test, saved after the switch went live in another tab: refused, nothing saved anywhere.
    const stale = await actions.saveCorsAction("test", form({ allowed_origins: "https://stale.example.com" }));
    expect(stale).toMatchObject({ status: "error", message: expect.stringMatching(/now in live mode/) });
    expect((await db.connectSettings.findUniqueOrThrow({ where: { tenantId_livemode: { tenantId: a.tenantId, livemode: true } } })).allowedOrigins).toEqual(["https://live.example.com"]);
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual(["https://a-only.example.com"]);

    // Signed out: the session's error, nothing saved.
    as(null);
    expect(await actions.saveCorsAction("test", form({ allowed_origins: "https://anon.example.com" }))).toMatchObject({ status: "error", message: expect.stringMatching(/sign in again/) });
    expect(await validateConsoleForm("settingsCors", form({ allowed_origins: "nope" }))).toEqual({});
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual(["https://a-only.example.com"]);
  });
});

describe("wallet mode", () => {
  /** What a browser wallet does with the JSON the page shows: eth_signTypedData_v4 by one of the local chain's unlocked accounts. */
  async function rpc(method: string, params: unknown[]) {
    const res = await fetch(process.env.LOCAL_CHAIN_RPC_URL!, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  }
  const walletSign = async (account: string, typedData: string) => (await rpc("eth_signTypedData_v4", [account, typedData])) as string;

  it("switches to connect with the owner's signature of the typed data shown, once per proof, and back to custodial", async () => {
    const [owner] = (await rpc("eth_accounts", [])) as string[];
    const prepared = await actions.prepareOwnerProofAction("test", form({ owner_signer: owner.toLowerCase() }));
    expect(prepared.status).toBe("ok");
    const proof = prepared.result!;
    const json = JSON.parse(proof.typed_data);
    expect(json).toMatchObject({
      primaryType: "ConnectOwner",
      domain: { name: "Token Platform Connect Owner", version: "1" },
      message: { tenant: a.tenantId, livemode: false, owner: owner.toLowerCase(), expiresAt: proof.owner_signature_expires_at },
    });
    expect(json.types.EIP712Domain).toEqual([{ name: "name", type: "string" }, { name: "version", type: "string" }]);
    const now = Math.floor(Date.now() / 1000);
    expect(proof.owner_signature_expires_at).toBeGreaterThan(now + 60);
    expect(proof.owner_signature_expires_at).toBeLessThanOrEqual(now + 3600);
    // Preparing changed nothing.
    expect((await get(a, "/v1/settings/wallet-mode")).mode).toBe("custodial");

    const signature = await walletSign(owner, proof.typed_data);
    const fields = { wallet_mode: "connect", owner_signer: proof.owner_signer, owner_signature_expires_at: String(proof.owner_signature_expires_at), owner_signature: signature };

    // Another tenant cannot use A's proof (it names A's tenant).
    as(b);
    expect((await actions.saveWalletModeAction("test", form(fields))).fields).toEqual({ owner_signature: expect.stringMatching(/not owner_signer's signature/) });
    expect((await get(b, "/v1/settings/wallet-mode")).mode).toBe("custodial");
    // Nor A's live environment (it names test mode).
    as(a, "live");
    expect((await actions.saveWalletModeAction("live", form(fields))).fields).toEqual({ owner_signature: expect.stringMatching(/not owner_signer's signature/) });

    as(a);
    const switched = await actions.saveWalletModeAction("test", form(fields));
    expect(switched).toMatchObject({ status: "ok", result: { wallet_mode: "connect", owner_signer: proof.owner_signer } });
    const mode = await get(a, "/v1/settings/wallet-mode");
    expect(mode).toMatchObject({ mode: "connect", owner_signer: proof.owner_signer, connect_account_address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) });
    // Each proof is used once.
    expect((await actions.saveWalletModeAction("test", form(fields))).fields).toEqual({ owner_signature: expect.stringMatching(/already used/) });
    // The settings of the other groups were not touched.
    expect((await get(a, "/v1/settings/cors")).allowed_origins).toEqual(["https://a-only.example.com"]);

    // A signature by viem from the same JSON (a script instead of a wallet) works as well, for a new owner.
    const other = privateKeyToAccount(generatePrivateKey());
    await new Promise((r) => setTimeout(r, 1000)); // a later expiry than the proof just used (whole seconds)
    const again = (await actions.prepareOwnerProofAction("test", form({ owner_signer: other.address }))).result!;
    const viemSignature = await other.signTypedData(JSON.parse(again.typed_data));
    const changed = await actions.saveWalletModeAction("test", form({ ...fields, owner_signer: again.owner_signer, owner_signature_expires_at: String(again.owner_signature_expires_at), owner_signature: viemSignature }));
    expect(changed).toMatchObject({ status: "ok", result: { wallet_mode: "connect", owner_signer: other.address } });

    expect(await actions.switchToCustodialAction("test")).toMatchObject({ status: "ok", result: { wallet_mode: "custodial" } });
    expect((await get(a, "/v1/settings/wallet-mode")).mode).toBe("custodial");
    as(a, "live");
    expect(await actions.switchToCustodialAction("test")).toMatchObject({ status: "error", message: expect.stringMatching(/now in live mode/) });
  });
});
