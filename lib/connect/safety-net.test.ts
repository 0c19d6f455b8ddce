// The safety net gates value: a passkey-owned account with one passkey and no recovery cannot send native
// value (400 safety_net_required, nothing reaches the bundler), while its token calls go; with a second
// passkey the same operation is relayed and the value arrives. GET …/safety-net says which is the case.
import { beforeAll, describe, expect, it } from "vitest";
import { getAddress, type Address, type Hex } from "viem";
import { encodeKernelCalls, prepareUserOperation } from "./ops";
import { nativeValueOf } from "./safety-net";
import { passkeyDevice } from "./passkey-account-testing";
import { passkeySignature, userOpChallenge } from "./passkey-account-signature";
import { api, chain, tenant, type TestTenant } from "@/lib/tokens/testing";

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

  it("a passkey account sends native value only once it has a second passkey", async () => {
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
    const net = () => api(t, "GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`);
    expect((await net()).body).toMatchObject({ has_safety_net: false, passkeys: 1, recovery_configured: false });

    const scope = { tenantId: t.id, livemode: false };
    const op = await prepareUserOperation(scope, { address, chain_id: CHAIN_ID, calls: [{ to: RECIPIENT, value: 1000n }] });
    const sign = (hash: string) => passkeySignature(device.assert({ rpId: RP_ID, origin: ORIGIN, challenge: userOpChallenge(hash as Hex) }).response);
    const refused = await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign-and-relay`, { signature: sign(op.user_op_hash) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "safety_net_required" });
    expect((await api(t, "GET", `/v1/connect/relay/${op.user_op_hash}`)).body.status).toBe("awaiting_sign");

    await store(passkeyDevice());
    expect((await net()).body).toMatchObject({ has_safety_net: true, passkeys: 2 });
    const relayed = await api(t, "POST", `/v1/connect/ops/${op.user_op_hash}/sign-and-relay`, { signature: sign(op.user_op_hash) });
    expect(relayed.status, JSON.stringify(relayed.body)).toBe(200);
    for (let i = 0; i < 300 && (await api(t, "GET", `/v1/connect/relay/${op.user_op_hash}`)).body.status === "pending"; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await api(t, "GET", `/v1/connect/relay/${op.user_op_hash}`)).body.status).toBe("confirmed");
    expect(await chain().getBalance({ address: RECIPIENT })).toBe(1000n);
  });
});
