// Identities are per tenant: two tenants register the same investor wallet on their own tokens and each
// gets its own ONCHAINID, managed by its own acting account. So one tenant's claims and removals (through
// the API, or sent straight to the chain with its own key) change nothing the other's token relies on.
import { beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, encodeAbiParameters, http, keccak256, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { account, api, chain, eventually, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { identityIn } from "@/lib/trex/testing/identity";

const TOPIC = "7";
const identityAbi = artifact("Identity").abi;
const keyOf = (address: Address) => keccak256(encodeAbiParameters([{ type: "address" }], [address]));
const readAt = <T>(address: Address, abi: unknown, functionName: string, args: unknown[] = []) =>
  chain().readContract({ address, abi, functionName, args } as never) as Promise<T>;

type Token = Awaited<ReturnType<typeof deployRegulatedToken>>;

/** POST a claim of TOPIC signed by the tenant's own issuer; waits until it has ended and returns it. */
async function claimEnded(t: TestTenant, identityId: string) {
  const res = await api(t, "POST", `/v1/identities/${identityId}/claims`, { topic: TOPIC });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return eventually(async () => {
    const listed = (await api(t, "GET", `/v1/identities/${identityId}/claims`)).body.data.find((c: any) => c.id === res.body.id);
    return (listed?.status === "added" || listed?.status === "failed") && listed;
  }, "the claim ended", 90_000);
}

/** Requires TOPIC on the token and trusts `issuer` for it. */
async function requireTopic(t: TestTenant, token: Token, issuer: Address) {
  expect((await api(t, "POST", "/v1/claim_topics", { token_id: token.id, topic: TOPIC, name: "KYC" })).status).toBe(201);
  expect((await api(t, "POST", "/v1/trusted_issuers", { token_id: token.id, issuer, claim_topics: [TOPIC] })).status).toBe(201);
  await eventually(async () => (await api(t, "GET", `/v1/trusted_issuers?token_id=${token.id}`)).body.data[0]?.status === "active", "the issuer trusted", 90_000);
  await eventually(async () => (await api(t, "GET", `/v1/claim_topics?token_id=${token.id}`)).body.data[0]?.status === "active", "the topic required", 90_000);
}

const verified = async (t: TestTenant, token: Token, wallet: Address) =>
  (await api(t, "GET", `/v1/identities/on_chain/verify?token_id=${token.id}&address=${wallet}`)).body.verified as boolean;

describe("identities per tenant", () => {
  let a: TestTenant;
  let b: TestTenant;
  let tokenA: Token;
  let tokenB: Token;

  beforeAll(async () => {
    [a, b] = await Promise.all([tenant(), tenant()]);
    [tokenA, tokenB] = await Promise.all([deployRegulatedToken(a, { name: "A fund", symbol: "AF" }), deployRegulatedToken(b, { name: "B fund", symbol: "BF" })]);
  }, 180_000);

  it("two tenants registering the same wallet each manage their own identity: A's claims and removals leave B's token unaffected", async () => {
    const investor = (await account()).address;
    const register = async (t: TestTenant, token: Token) => {
      const res = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet: investor, country: "FR" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const row = await identityIn(res.body.id, ["registered", "failed"]);
      expect(row.status, row.failureReason ?? "").toBe("registered");
      return { id: res.body.id as string, source: res.body.source as string, address: row.identityAddress as Address };
    };
    const ofA = await register(a, tokenA);
    const ofB = await register(b, tokenB);

    // Each tenant's claim goes on (B's too: B manages the identity its token points to).
    const claimA = await claimEnded(a, ofA.id);
    expect(claimA.status, claimA.failure_reason ?? "").toBe("added");
    const claimB = await claimEnded(b, ofB.id);
    expect(claimB.status, claimB.failure_reason ?? "").toBe("added");
    await requireTopic(b, tokenB, claimB.issuer);
    expect(await verified(b, tokenB, investor)).toBe(true);

    // A removes its claim through the API: B's token still verifies the investor, B's claim is still there.
    const removed = await api(a, "DELETE", `/v1/identities/${ofA.id}/claims/${claimA.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await settled(removed.body.transaction, 60_000)).status).toBe("confirmed");
    expect(await verified(b, tokenB, investor)).toBe(true);
    expect((await api(b, "GET", `/v1/identities/${ofB.id}/claims`)).body.data.find((c: any) => c.id === claimB.id)?.status).toBe("added");

    // Straight to the chain with A's own key: A cannot remove B's claim from the identity B's token relies on.
    const target = chainTarget(NETWORK);
    const walletA = createWalletClient({ account: await signerFor(a.id, false), chain: target.chain, transport: http(target.rpcUrl) });
    await expect(walletA.writeContract({ address: ofB.address, abi: identityAbi, functionName: "removeClaim", args: [claimB.claim_id] } as never)).rejects.toThrow();
    expect(await verified(b, tokenB, investor)).toBe(true);

    // Two identities, each managed by its own tenant only.
    expect(ofB.address).not.toBe(ofA.address);
    expect(ofB.source).toBe("created");
    expect(await readAt<boolean>(ofB.address, identityAbi, "keyHasPurpose", [keyOf(b.wallet), 1n])).toBe(true);
    expect(await readAt<boolean>(ofB.address, identityAbi, "keyHasPurpose", [keyOf(a.wallet), 1n])).toBe(false);
    expect(await readAt<boolean>(ofA.address, identityAbi, "keyHasPurpose", [keyOf(b.wallet), 1n])).toBe(false);
  }, 300_000);
});
