// Claims through the HTTP API, read back on chain: the tenant's platform ClaimIssuer is deployed on first
// use and signs claims that make an investor verified (a mint to them then passes) once the issuer is
// trusted for the required topic;
// a claim signed elsewhere is accepted with its signature (and a bad one fails on chain with the reason);
// removal by claim id or on-chain claim id; events; another tenant's ids answer 404.
import { beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, encodeAbiParameters, getAddress, http, keccak256, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { account, api, chain, deployContract, eventsOf, NETWORK, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { registeredInvestor } from "@/lib/trex/testing/identity";
import { claimHash } from "@/lib/trex/identities/claims";
import { tenantClaimIssuer } from "@/lib/trex/identities/claim-issuer";

const identityAbi = artifact("Identity").abi;
const readAt = <T = any>(address: string, abi: typeof identityAbi, functionName: string, args: unknown[] = []) =>
  chain().readContract({ address: address as Address, abi, functionName, args } as never) as Promise<T>;
const keyOf = (address: Address) => keccak256(encodeAbiParameters([{ type: "address" }], [address]));

async function claimIn(id: string, statuses: string[], timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const row = await db.identityClaim.findUniqueOrThrow({ where: { id } });
    if (statuses.includes(row.status)) return row;
    if (Date.now() - started > timeoutMs) throw new Error(`${id} still ${row.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("identity claims", () => {
  let t: TestTenant;
  let other: TestTenant;
  let token: Awaited<ReturnType<typeof deployRegulatedToken>>;
  // The tenant wallet's own client, standing in for the trusted issuers and claim topics endpoints.
  let tenantWallet: ReturnType<typeof createWalletClient>;
  const asTenant = async (address: Address, abi: typeof identityAbi, functionName: string, args: unknown[]) => {
    const hash = await tenantWallet.writeContract({ address, abi, functionName, args, chain: chainTarget(NETWORK).chain, account: tenantWallet.account! } as never);
    expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
  };
  const verified = async (wallet: Address) =>
    (await api(t, "GET", `/v1/identities/on_chain/verify?token_id=${token.id}&address=${wallet}`)).body.verified as boolean;

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    token = await deployRegulatedToken(t, { name: "Claims", symbol: "CLM" });
    const target = chainTarget(NETWORK);
    tenantWallet = createWalletClient({ account: await signerFor(t.id, false), chain: target.chain, transport: http(target.rpcUrl) });
  });

  it("signs with the tenant's ClaimIssuer (deployed on first use); the claim verifies the investor once its issuer is trusted for the required topic", async () => {
    const { investor, id, identity } = await registeredInvestor(t, token.id);
    expect(await verified(investor.address)).toBe(true); // no topic required yet
    await asTenant(token.regulated.claim_topics_registry, artifact("ClaimTopicsRegistry").abi, "addClaimTopic", [7n]);
    expect(await verified(investor.address)).toBe(false);

    const res = await api(t, "POST", `/v1/identities/${id}/claims`, { topic: 7, data: "0xc0ffee", uri: "https://kyc.example/7" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      object: "identity_claim", identity: id, identity_address: identity, topic: "7", scheme: 1, signed_by: "platform",
      issuer: null, claim_id: null, data: "0xc0ffee", uri: "https://kyc.example/7", status: "pending", transaction: null,
    });
    const added = await claimIn(res.body.id, ["added", "failed"]);
    expect(added.status, added.failureReason ?? "").toBe("added");

    const issuer = (await tenantClaimIssuer({ tenantId: t.id, livemode: false }, NETWORK)) as Address;
    expect(issuer).toBe(added.issuer);
    const listed = (await api(t, "GET", `/v1/identities/${id}/claims`)).body;
    expect(listed).toMatchObject({ object: "list", total: 1, data: [{ id: res.body.id, status: "added", issuer }] });
    const claimId = listed.data[0].claim_id as Hex;
    expect(claimId).toBe(keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [issuer, 7n])));

    const [topic, scheme, onChainIssuer, signature, data, uri] = await readAt<[bigint, bigint, Address, Hex, Hex, string]>(identity, identityAbi, "getClaim", [claimId]);
    expect({ topic, scheme, onChainIssuer, data, uri }).toEqual({ topic: 7n, scheme: 1n, onChainIssuer: issuer, data: "0xc0ffee", uri: "https://kyc.example/7" });
    expect(signature).toBe(listed.data[0].signature);
    const issuerAbi = artifact("ClaimIssuer").abi;
    expect(await readAt(issuer, issuerAbi, "isClaimValid", [identity, 7n, signature, data])).toBe(true);
    const addKey = await db.transaction.findFirstOrThrow({ where: { tenantId: t.id, kind: "claim_issuer.add_key" } });
    expect((await settled(addKey.id)).status).toBe("confirmed");
    expect(await readAt(issuer, issuerAbi, "keyHasPurpose", [keyOf(t.wallet), 3n])).toBe(true);
    expect(await readAt(issuer, issuerAbi, "getKeyPurposes", [keyOf(t.wallet)])).toEqual([1n, 3n]);

    expect(await verified(investor.address)).toBe(false); // the issuer is not trusted yet
    const refused = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: investor.address, amount: "10" });
    const refusedTx = await settled(refused.body.id);
    expect(refusedTx.status).toBe("failed");
    expect(refusedTx.errorMessage).toMatch(/Identity is not verified/);
    await asTenant(token.regulated.trusted_issuers_registry, artifact("TrustedIssuersRegistry").abi, "addTrustedIssuer", [issuer, [7n]]);
    expect(await verified(investor.address)).toBe(true);
    const minted = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: investor.address, amount: "10" });
    expect((await settled(minted.body.id)).status).toBe("confirmed");
    expect(await readAt(token.address, artifact("Token").abi, "balanceOf", [investor.address])).toBe(10n);

    expect((await api(t, "GET", `/v1/identities/${id}`)).body.claims).toEqual({ total: 1, topics: ["7"] });
    expect((await eventsOf(t.id, "identity.claim.added")).filter((e) => e.id === res.body.id)).toMatchObject([{ status: "added", issuer, claim_id: claimId }]);

    // The issuer exists now: the next claim is signed and sent at once.
    const second = await registeredInvestor(t, token.id, "DE");
    const next = await api(t, "POST", `/v1/identities/${second.id}/claims`, { topic: "7" });
    expect(next.body).toMatchObject({ issuer, status: "pending" });
    expect(next.body.transaction).toMatch(/^tx_/);
    expect((await settled(next.body.transaction)).status).toBe("confirmed");
    expect(await verified(second.investor.address)).toBe(true);

    const removing = await api(t, "DELETE", `/v1/identities/${id}/claims/${res.body.id}`);
    expect(removing.status).toBe(200);
    expect(removing.body.status).toBe("removing");
    expect((await settled(removing.body.transaction)).status).toBe("confirmed");
    expect((await api(t, "GET", `/v1/identities/${id}/claims`)).body.data[0].status).toBe("removed");
    expect(await readAt(identity, identityAbi, "getClaimIdsByTopic", [7n])).toEqual([]);
    expect(await verified(investor.address)).toBe(false);
    expect((await eventsOf(t.id, "identity.claim.removed")).filter((e) => e.id === res.body.id)).toMatchObject([{ status: "removed" }]);
    expect((await api(t, "GET", `/v1/identities/${id}`)).body.claims).toEqual({ total: 0, topics: [] });
    const again = await api(t, "DELETE", `/v1/identities/${id}/claims/${res.body.id}`);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("claim_not_added");
  });

  it("accepts a claim signed elsewhere, removes it by its on-chain claim id, and fails a bad signature on chain with the reason", async () => {
    const { id, identity } = await registeredInvestor(t, token.id, "US");
    const kyc = await account(true);
    const issuer = getAddress(await deployContract(kyc.wallet, artifact("ClaimIssuer").abi, artifact("ClaimIssuer").bytecode, [kyc.address]));
    const data = "0x1234" as Hex;
    const signature = await kyc.account.signMessage({ message: { raw: claimHash(identity, "9", data) } });

    const res = await api(t, "POST", `/v1/identities/${id}/claims`, { topic: "9", issuer, signature, data });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ signed_by: "external", issuer, signature, data, uri: "", status: "pending" });
    expect((await settled(res.body.transaction)).status).toBe("confirmed");
    const claimId = res.body.claim_id as Hex;
    const [topic, , onChainIssuer] = await readAt<[bigint, bigint, Address]>(identity, identityAbi, "getClaim", [claimId]);
    expect({ topic, onChainIssuer }).toEqual({ topic: 9n, onChainIssuer: issuer });

    const removing = await api(t, "DELETE", `/v1/identities/${id}/claims/${claimId}`);
    expect(removing.status).toBe(200);
    expect(removing.body.id).toBe(res.body.id);
    expect((await settled(removing.body.transaction)).status).toBe("confirmed");
    expect(await readAt(identity, identityAbi, "getClaimIdsByTopic", [9n])).toEqual([]);

    const forged = await (await account()).account.signMessage({ message: { raw: claimHash(identity, "9", data) } });
    const bad = await api(t, "POST", `/v1/identities/${id}/claims`, { topic: 9, issuer, signature: forged, data });
    expect(bad.status).toBe(201);
    const failed = await claimIn(bad.body.id, ["added", "failed"]);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(/invalid claim/);

    const half = await api(t, "POST", `/v1/identities/${id}/claims`, { topic: 9, issuer });
    expect(half.status).toBe(400);
    expect(half.body.error).toMatchObject({ code: "parameter_missing", param: "signature" });
  });

  it("deploys one ClaimIssuer for claims asked for at once on first use, and sends each of them when it confirms", async () => {
    const fresh = await tenant();
    const freshToken = await deployRegulatedToken(fresh, { name: "Burst", symbol: "BST" });
    const investors = await Promise.all([registeredInvestor(fresh, freshToken.id), registeredInvestor(fresh, freshToken.id, "BE")]);
    const answers = await Promise.all(investors.map((i) => api(fresh, "POST", `/v1/identities/${i.id}/claims`, { topic: 3 })));
    expect(answers.map((a) => [a.status, a.body.issuer])).toEqual([[201, null], [201, null]]);
    const rows = await Promise.all(answers.map((a) => claimIn(a.body.id, ["added", "failed"])));
    expect(rows.map((r) => r.status)).toEqual(["added", "added"]);
    const deployments = await db.transaction.findMany({ where: { tenantId: fresh.id, kind: "claim_issuer.deploy" } });
    expect(deployments).toHaveLength(1);
    const issuer = await tenantClaimIssuer({ tenantId: fresh.id, livemode: false }, NETWORK);
    expect(rows.map((r) => r.issuer)).toEqual([issuer, issuer]);
    for (const { identity } of investors) expect(await readAt(identity, identityAbi, "getClaimIdsByTopic", [3n])).toHaveLength(1);
  });

  it("answers 404 for another tenant's identity or claim, and for an unknown claim", async () => {
    const { id } = await registeredInvestor(t, token.id, "GB");
    const kyc = await account();
    const added = await api(t, "POST", `/v1/identities/${id}/claims`, { topic: 1 });
    expect(added.status).toBe(201);
    expect((await api(other, "GET", `/v1/identities/${id}/claims`)).status).toBe(404);
    expect((await api(other, "POST", `/v1/identities/${id}/claims`, { topic: 1 })).status).toBe(404);
    expect((await api(other, "DELETE", `/v1/identities/${id}/claims/${added.body.id}`)).status).toBe(404);
    expect((await api(t, "DELETE", `/v1/identities/${id}/claims/clm_nope`)).status).toBe(404);
    expect((await api(t, "DELETE", `/v1/identities/${id}/claims/${keyOf(kyc.address)}`)).status).toBe(404);
    expect((await claimIn(added.body.id, ["added", "failed"])).status).toBe("added");
  });
});
