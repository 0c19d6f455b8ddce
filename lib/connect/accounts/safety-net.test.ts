// The safety net gates value, counted on chain: a passkey-owned account with one passkey and no recovery cannot
// send native value (400 safety_net_required, nothing reaches the bundler); a second passkey row (which the
// one-key PasskeyValidator cannot use) and guardians configured off chain change nothing; once the
// RecoveryValidator is installed the same operation is relayed and the value arrives.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Address, type Hex } from "viem";
import { encodeKernelCalls, prepareUserOperation } from "@/lib/connect/user-ops/prepare";
import { nativeValueOf } from "@/lib/connect/accounts/safety-net";
import { passkeyDevice } from "@/lib/connect/testing/passkey-account";
import { passkeySignature, userOpChallenge } from "@/lib/connect/accounts/passkey-signature";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { api, chain, readUntil, tenant, type TestTenant } from "@/lib/tokens/testing";

const CHAIN_ID = "80002";
const RP_ID = "wallet.example.com";
const ORIGIN = `https://${RP_ID}`;
const RECIPIENT: Address = getAddress("0x00000000000000000000000000000000000fee01");

describe("Connect safety net", () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await tenant();
    expect((await api(t, "PUT", "/v1/settings/connect", { cors: { allowed_origins: [ORIGIN] }, passkeys: { rp_id: RP_ID, rp_name: "Wallet" } })).status).toBe(200);
  });

  it("reads the native value of single and batch executions", () => {
    expect(nativeValueOf(encodeKernelCalls([{ to: RECIPIENT, value: 7n }]))).toBe(7n);
    expect(nativeValueOf(encodeKernelCalls([{ to: RECIPIENT, value: 2n }, { to: RECIPIENT, value: 3n, data: "0x1234" }]))).toBe(5n);
    expect(nativeValueOf(encodeKernelCalls([{ to: RECIPIENT, data: "0xa9059cbb" }]))).toBe(0n);
    expect(nativeValueOf("0xdeadbeef")).toBe(0n);
  });

  /** A passkey-owned account of `t` with its device's passkey stored, funded, and helpers around it. */
  async function passkeyAccount() {
    const device = passkeyDevice();
    const account = (await api(t, "POST", "/v1/connect/accounts", { validator: "passkey", chain_id: CHAIN_ID, public_key_x: device.x, public_key_y: device.y })).body;
    const address = account.address as Address;
    const store = async (d: ReturnType<typeof passkeyDevice>) => {
      const challenge = Buffer.from(`registration of ${d.credentialId}`).toString("base64url");
      const res = await api(t, "POST", "/v1/connect/passkeys", { address, chain_id: CHAIN_ID, challenge, registration: d.register({ rpId: RP_ID, origin: ORIGIN, challenge }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await store(device);
    await chain().request({ method: "hardhat_setBalance" as never, params: [address, "0xDE0B6B3A7640000"] as never });
    const scope = { tenantId: t.id, livemode: false };
    const sign = (hash: string) => passkeySignature(device.assert({ rpId: RP_ID, origin: ORIGIN, challenge: userOpChallenge(hash as Hex) }).response);
    const run = async (calls: { to: Address; value?: bigint; data?: Hex }[]) => {
      const op = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls });
      return { op, res: await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign-and-relay`, { signature: sign(op.user_op_hash) }) };
    };
    const net = async () => (await api(t, "GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`)).body;
    /** A native-value operation is refused (400 safety_net_required, left unsigned), then cancelled so later ones run. */
    let attempt = 0n; // each attempt differs, so it is a new operation (an identical one would have the cancelled one's hash)
    const valueRefused = async () => {
      const { op, res } = await run([{ to: RECIPIENT, value: 1000n + ++attempt }]);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "safety_net_required" });
      expect((await api(t, "GET", `/v1/connect/relay/${op.user_op_hash}`)).body.status).toBe("awaiting_sign");
      expect((await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/cancel`)).status).toBe(200);
    };
    const confirmed = async (hash: string) => {
      const done = await readUntil(() => api(t, "GET", `/v1/connect/relay/${hash}`), (r) => r.body.status !== "pending", 60_000);
      expect(done.body.status, JSON.stringify(done.body)).toBe("confirmed");
    };
    return { address, store, run, net, valueRefused, confirmed };
  }

  it("a second passkey row, which the one-key PasskeyValidator cannot use, counts nothing and unlocks nothing", async () => {
    const a = await passkeyAccount();
    expect(await a.net()).toMatchObject({ has_safety_net: false, passkeys: 1, recovery_configured: false });
    await a.valueRefused();
    await a.store(passkeyDevice());
    expect((await api(t, "GET", `/v1/connect/accounts/${a.address}/passkeys?chain_id=${CHAIN_ID}`)).body.data).toHaveLength(2);
    expect(await a.net()).toMatchObject({ has_safety_net: false, passkeys: 1, recovery_configured: false });
    await a.valueRefused();
  });

  it("guardians configured off chain count zero; once the RecoveryValidator is installed the value goes", async () => {
    const a = await passkeyAccount();
    const [g1, g2] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    const configured = await api(t, "POST", "/v1/connect/recovery/configure", { account: a.address, chain_id: CHAIN_ID, guardians: [g1, g2], threshold: 1, timelock_seconds: 60 });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    expect(configured.body.installed).toBe(false);
    expect(await a.net()).toMatchObject({ has_safety_net: false, passkeys: 1, recovery_configured: false });
    await a.valueRefused();

    // The passkey's operation installs it (and deploys the account): now the chain can recover the account.
    const install = await a.run(configured.body.setup.calls.map((c: any) => ({ to: c.to, data: c.data })));
    expect(install.res.status, JSON.stringify(install.res.body)).toBe(200);
    await a.confirmed(install.op.user_op_hash);
    expect(await a.net()).toMatchObject({ has_safety_net: true, passkeys: 1, recovery_configured: true });
    const before = await chain().getBalance({ address: RECIPIENT });
    const sent = await a.run([{ to: RECIPIENT, value: 1000n }]);
    expect(sent.res.status, JSON.stringify(sent.res.body)).toBe(200);
    await a.confirmed(sent.op.user_op_hash);
    expect(await chain().getBalance({ address: RECIPIENT })).toBe(before + 1000n);
  });
});
