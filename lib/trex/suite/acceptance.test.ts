// The regulated-token acceptance flow, through the HTTP API only, in both wallet modes (custodial: the
// tenant's wallet acts; connect: its owner's smart account does, each write a user operation the owner
// signs): a claim topic is required, the tenant's ClaimIssuer (deployed on first use) is trusted for it; a
// transfer to an investor with no identity is refused on chain and compliance/check predicts it with the
// reason; once the investor's identity is registered with the required claim, the same transfer goes
// through and compliance/check agrees. Then the agent's controls (freeze, force_transfer) and a compliance
// module whose owner-only call (addExchangeID) needs the module to be owned by the acting account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeAbiParameters, keccak256, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { artifact } from "@/lib/chain/artifacts";
import { account, api, chain, confirmed, tenant, type TestTenant, eventually } from "@/lib/tokens/testing";
import { autoSign, switchToConnect } from "@/lib/connect/testing/records";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { createModule } from "@/lib/trex/testing/compliance";

const tokenAbi = artifact("Token").abi;
const TOPIC = "42";
const keyOf = (address: Address) => keccak256(encodeAbiParameters([{ type: "address" }], [address]));

describe.each(["custodial", "connect"] as const)("regulated token acceptance (%s mode)", (mode) => {
  let t: TestTenant;
  let acting: Address;
  let signer: ReturnType<typeof autoSign> | undefined;
  let token: Awaited<ReturnType<typeof deployRegulatedToken>>;
  const read = <T>(address: Address, abi: unknown, functionName: string, args: unknown[] = []) =>
    chain().readContract({ address, abi, functionName, args } as never) as Promise<T>;

  /** Registers the wallet's identity (an ONCHAINID made by the platform) with a claim of TOPIC signed by the tenant's issuer. */
  async function verifiedInvestor(wallet: Address) {
    const identity = await api(t, "POST", "/v1/identities", { token_id: token.id, wallet, country: "DE" });
    expect(identity.status, JSON.stringify(identity.body)).toBe(201);
    const registered = await eventually(async () => {
      const got = (await api(t, "GET", `/v1/identities/${identity.body.id}`)).body;
      if (got.status === "failed") throw new Error(`identity failed: ${JSON.stringify(got)}`);
      return got.status === "registered" && got;
    }, "the identity registered", 90_000, 500);
    // The acting account manages the identity, so it can add the claim below.
    expect(await read<boolean>(registered.identity_address, artifact("Identity").abi, "keyHasPurpose", [keyOf(acting), 1n])).toBe(true);
    const claim = await api(t, "POST", `/v1/identities/${identity.body.id}/claims`, { topic: TOPIC });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    return eventually(async () => {
      const listed = (await api(t, "GET", `/v1/identities/${identity.body.id}/claims`)).body.data.find((c: any) => c.id === claim.body.id);
      if (listed?.status === "failed") throw new Error(`claim failed: ${JSON.stringify(listed)}`);
      return listed?.status === "added" && listed;
    }, "the claim added", 90_000, 500);
  }

  const check = (from: Address, to: Address, amount: string) => api(t, "POST", `/v1/tokens/${token.id}/compliance/check`, { from, to, amount });

  beforeAll(async () => {
    t = await tenant();
    acting = t.wallet;
    if (mode === "connect") {
      const owner = privateKeyToAccount(generatePrivateKey());
      acting = await switchToConnect(t, owner);
      signer = autoSign(t, owner, acting);
    }
    token = await deployRegulatedToken(t, { name: "Acceptance", symbol: "ACC" });
  }, 180_000);
  afterAll(() => signer?.stop());

  it("refuses a transfer to an unverified investor (predicted by compliance/check), and lets it through once verified", async () => {
    const seller = await account(true);
    const buyer = await account(true);
    expect(await read<boolean>(token.address, tokenAbi, "isAgent", [acting])).toBe(true);

    // The token requires TOPIC; the first claim deploys the tenant's ClaimIssuer, which becomes the trusted issuer.
    const topic = await api(t, "POST", "/v1/claim_topics", { token_id: token.id, topic: TOPIC, name: "KYC" });
    expect(topic.status, JSON.stringify(topic.body)).toBe(201);
    await eventually(async () => (await api(t, "GET", `/v1/claim_topics?token_id=${token.id}`)).body.data[0]?.status === "active", "the topic required", 90_000, 500);
    const claim = await verifiedInvestor(seller.address);
    const trusted = await api(t, "POST", "/v1/trusted_issuers", { token_id: token.id, issuer: claim.issuer, claim_topics: [TOPIC] });
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(201);
    await eventually(async () => (await api(t, "GET", `/v1/trusted_issuers?token_id=${token.id}`)).body.data[0]?.status === "active", "the issuer trusted", 90_000, 500);
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

    // The agent's controls: freeze the buyer, then move its tokens back by force.
    const freeze = await api(t, "POST", `/v1/tokens/${token.id}/freeze`, { address: buyer.address });
    expect(freeze.status, JSON.stringify(freeze.body)).toBe(200);
    await eventually(async () => (await api(t, "GET", `/v1/tokens/${token.id}/is_frozen?address=${buyer.address}`)).body.frozen === true, "the buyer frozen", 90_000, 500);
    await confirmed(t, "POST", `/v1/tokens/${token.id}/force_transfer`, { from: buyer.address, to: seller.address, amount: "4" }, 200);
    expect(await read<bigint>(token.address, tokenAbi, "balanceOf", [buyer.address])).toBe(6n);
    expect(await read<bigint>(token.address, tokenAbi, "balanceOf", [seller.address])).toBe(94n);
  }, 300_000);

  it("a compliance module is owned by the acting account, so its owner-only rule (an exchange id) goes through", async () => {
    const exchange = (await account()).address;
    const module = await createModule(t, { kind: "ExchangeMonthlyLimitsModule", token_id: token.id, exchange_monthly_limits: [{ exchange_id: exchange, monthly_limit: "50" }] });
    const moduleAbi = artifact("ExchangeMonthlyLimitsModule").abi;
    expect(await read<Address>(module.address, moduleAbi, "owner")).toBe(acting);
    expect(await read<boolean>(module.address, moduleAbi, "isExchangeID", [exchange])).toBe(true);
  }, 300_000);
});
