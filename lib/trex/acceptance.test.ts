// The regulated-token acceptance flow, through the HTTP API only: a claim topic is required, the tenant's
// ClaimIssuer (deployed on first use) is trusted for it; a transfer to an investor with no identity is
// refused on chain and compliance/check predicts it with the reason; once the investor's identity is
// registered with the required claim, the same transfer goes through and compliance/check agrees.
import { beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { account, api, chain, confirmed, tenant, type TestTenant, eventually } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "./testing";

const tokenAbi = artifact("Token").abi;
const TOPIC = "42";

describe("regulated token acceptance", () => {
  let t: TestTenant;
  let token: Awaited<ReturnType<typeof deployRegulatedToken>>;

  /** Registers the wallet's identity (an ONCHAINID made by the platform) with a claim of TOPIC signed by the tenant's issuer. */
  async function verifiedInvestor(wallet: Address) {
    const identity = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet, country: "DE" });
    expect(identity.status, JSON.stringify(identity.body)).toBe(201);
    await eventually(async () => (await api(t, "GET", `/v1/identities/${identity.body.id}`)).body.status === "registered", "the identity registered");
    const claim = await api(t, "POST", `/v1/identities/${identity.body.id}/claims`, { topic: TOPIC });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    return eventually(async () => {
      const listed = (await api(t, "GET", `/v1/identities/${identity.body.id}/claims`)).body.data.find((c: any) => c.id === claim.body.id);
      return listed?.status === "added" && listed;
    }, "the claim added");
  }

  const check = (from: Address, to: Address, amount: string) => api(t, "POST", `/v1/tokens/${token.id}/compliance/check`, { from, to, amount });

  beforeAll(async () => {
    t = await tenant();
    token = await deployRegulatedToken(t, { name: "Acceptance", symbol: "ACC" });
  });

  it("refuses a transfer to an unverified investor (predicted by compliance/check), and lets it through once verified", async () => {
    const seller = await account(true);
    const buyer = await account(true);

    // The token requires TOPIC; the first claim deploys the tenant's ClaimIssuer, which becomes the trusted issuer.
    const topic = await api(t, "POST", "/v1/claim_topics", { token_id: token.id, topic: TOPIC, name: "KYC" });
    expect(topic.status, JSON.stringify(topic.body)).toBe(201);
    await eventually(async () => (await api(t, "GET", `/v1/claim_topics?token_id=${token.id}`)).body.data[0]?.status === "active", "the topic required");
    const claim = await verifiedInvestor(seller.address);
    const trusted = await api(t, "POST", "/v1/trusted_issuers", { token_id: token.id, issuer: claim.issuer, claim_topics: [TOPIC] });
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(201);
    await eventually(async () => (await api(t, "GET", `/v1/trusted_issuers?token_id=${token.id}`)).body.data[0]?.status === "active", "the issuer trusted");
    expect((await api(t, "GET", `/v1/identities/on_chain/verify?token_id=${token.id}&address=${seller.address}`)).body).toMatchObject({ verified: true });
    await confirmed(t, "POST", `/v1/tokens/${token.id}/mint`, { to: seller.address, amount: "100" });

    // The buyer has no identity: compliance/check says so, and the chain agrees.
    const predicted = await check(seller.address, buyer.address, "10");
    expect(predicted.status).toBe(200);
    expect(predicted.body).toMatchObject({ allowed: false, refused_by: { rule: "identity_verified" } });
    expect(predicted.body.refused_by.reason).toMatch(/identity|verified/i);
    await expect(seller.wallet.writeContract({ address: token.address, abi: tokenAbi, functionName: "transfer", args: [buyer.address, 10n] } as never))
      .rejects.toThrow(/Transfer not possible/);

    // Registered with the required claim from the trusted issuer: the same transfer is allowed and goes through.
    await verifiedInvestor(buyer.address);
    expect((await check(seller.address, buyer.address, "10")).body).toMatchObject({ allowed: true, can_transfer: true, refused_by: null });
    const hash = await seller.wallet.writeContract({ address: token.address, abi: tokenAbi, functionName: "transfer", args: [buyer.address, 10n] } as never);
    expect((await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
    expect((await api(t, "GET", `/v1/tokens/${token.id}/balance?address=${buyer.address}&nft_token_id=0`)).body.balance).toBe("10");
  });
});
