// Trusted issuers and claim topics through the HTTP API on the local chain: registration, the on-chain
// reads, and what they mean for investors: without a trusted issuer for a required topic an investor is
// not verified (IR.isVerified false) and a transfer to them fails with the decoded reason.
import { beforeAll, describe, expect, it } from "vitest";
import { type Address } from "viem";
import { account, api, deployToken, ERC20_FEATURES, eventsOf, settled, tenant, type TestTenant } from "@/lib/tokens/testing";
import { deployRegulatedToken } from "@/lib/trex/testing/suite";
import { investorKit, readAs, type RegulatedTestToken } from "@/lib/trex/testing/controls";

describe("trusted issuers and claim topics", () => {
  let t: TestTenant;
  let other: TestTenant;
  let token: RegulatedTestToken;
  let kit: Awaited<ReturnType<typeof investorKit>>;
  let issuer: Address;
  let dave: Address;
  let issuerId: string;
  let topicId: string;
  const verified = (who: Address) => readAs<boolean>(token.regulated.identity_registry, "IdentityRegistry", "isVerified", [who]);

  /** POST and wait for the record's transaction; returns the answer. */
  async function applied(method: string, path: string, body: unknown, status: number) {
    const res = await api(t, method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const tx = await settled(res.body.transaction);
    expect(tx.status, tx.errorMessage ?? "").toBe("confirmed");
    return res.body;
  }

  /** A transfer of the tenant wallet's tokens through the API: the reason it was refused, or null once confirmed. */
  async function transferTo(to: Address) {
    const res = await api(t, "POST", `/v1/tokens/${token.id}/transfer`, { to, amount: "10" });
    if (res.status === 400) return res.body.error.message as string;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const tx = await settled(res.body.id);
    return tx.status === "confirmed" ? null : tx.errorMessage;
  }

  beforeAll(async () => {
    [t, other] = await Promise.all([tenant(), tenant()]);
    token = await deployRegulatedToken(t);
    kit = await investorKit(t, token);
    issuer = await kit.claimIssuer();
    dave = (await account()).address;
  }, 120_000);

  it("requires a claim topic (409 for a duplicate) and reads it on chain", async () => {
    const created = await applied("POST", "/v1/claim_topics", { token_id: token.id, topic: 7, name: "KYC" }, 201);
    topicId = created.id;
    expect(created).toMatchObject({ object: "claim_topic", token: token.id, topic: "7", name: "KYC", status: "pending" });
    expect(created.id).toMatch(/^ctp_/);

    const listed = await api(t, "GET", `/v1/claim_topics?token_id=${token.id}`);
    expect(listed.body).toMatchObject({ object: "list", total: 1, data: [{ id: topicId, status: "active", topic: "7" }] });
    expect((await api(t, "GET", `/v1/claim_topics/on_chain?token_id=${token.id}`)).body).toEqual({
      object: "on_chain_claim_topics", token: token.id, claim_topics_registry: token.regulated.claim_topics_registry, claim_topics: ["7"],
    });
    const dup = await api(t, "POST", "/v1/claim_topics", { token_id: token.id, topic: "7" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: "claim_topic_exists", param: "topic" });
    expect(await eventsOf(t.id, "claim_topic.registered")).toMatchObject([{ object: "claim_topic", id: topicId, status: "active" }]);
  });

  it("registers a trusted issuer and reads it on chain; investors with its claims are verified", async () => {
    await kit.investor(t.wallet);
    const daveIdentity = await kit.investor(dave);
    expect(await verified(dave)).toBe(false); // topic 7 is required and nobody is trusted for it

    const eoa = await api(t, "POST", "/v1/trusted_issuers", { token_id: token.id, issuer: dave, claim_topics: ["7"] });
    expect(eoa.body.error).toMatchObject({ code: "issuer_not_contract", param: "issuer" });
    expect((await api(t, "POST", "/v1/trusted_issuers", { token_id: token.id, issuer, claim_topics: ["7", 7] })).body.error).toMatchObject({
      param: "claim_topics",
    });

    const created = await applied("POST", "/v1/trusted_issuers", { token_id: token.id, issuer, claim_topics: [7] }, 201);
    issuerId = created.id;
    expect(created).toMatchObject({ object: "trusted_issuer", token: token.id, issuer, claim_topics: ["7"], status: "pending" });
    const dup = await api(t, "POST", "/v1/trusted_issuers", { token_id: token.id, issuer, claim_topics: ["8"] });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: "trusted_issuer_exists" });

    expect((await api(t, "GET", `/v1/trusted_issuers?token_id=${token.id}&status=active`)).body).toMatchObject({ total: 1, data: [{ id: issuerId, status: "active" }] });
    expect((await api(t, "GET", `/v1/trusted_issuers/on_chain?token_id=${token.id}`)).body).toEqual({
      object: "on_chain_trusted_issuers", token: token.id, trusted_issuers_registry: token.regulated.trusted_issuers_registry,
      data: [{ issuer, claim_topics: ["7"] }],
    });
    expect((await api(t, "GET", `/v1/trusted_issuers/on_chain/check?token_id=${token.id}&issuer=${issuer}`)).body.is_trusted_issuer).toBe(true);
    expect((await api(t, "GET", `/v1/trusted_issuers/on_chain/check?token_id=${token.id}&issuer=${dave}`)).body.is_trusted_issuer).toBe(false);
    expect((await api(t, "GET", `/v1/trusted_issuers/on_chain/claim_topics?token_id=${token.id}&issuer=${issuer}`)).body).toEqual({
      object: "trusted_issuer_claim_topics", token: token.id, issuer, is_trusted_issuer: true, claim_topics: ["7"],
    });
    const has = (topic: string) => api(t, "GET", `/v1/trusted_issuers/on_chain/has_claim_topic?token_id=${token.id}&issuer=${issuer}&topic=${topic}`);
    expect((await has("7")).body).toEqual({ object: "trusted_issuer_topic_check", token: token.id, issuer, topic: "7", has_claim_topic: true });
    expect((await has("8")).body.has_claim_topic).toBe(false);
    expect(await eventsOf(t.id, "trusted_issuer.registered")).toMatchObject([{ id: issuerId, status: "active", claim_topics: ["7"] }]);

    await kit.addClaim(await readAs(token.regulated.identity_registry, "IdentityRegistry", "identity", [t.wallet]), issuer, 7n);
    await kit.addClaim(daveIdentity, issuer, 7n);
    expect(await verified(dave)).toBe(true);
    const mint = await api(t, "POST", `/v1/tokens/${token.id}/mint`, { to: t.wallet, amount: "100" });
    expect((await settled(mint.body.id)).status).toBe("confirmed");
    expect(await transferTo(dave)).toBeNull();
  });

  it("taking the topic from the issuer makes the investor unverified; giving it back (legacy PUT) verifies again", async () => {
    const updated = await applied("POST", `/v1/trusted_issuers/${issuerId}/claim_topics`, { claim_topics: ["8"] }, 200);
    expect(updated).toMatchObject({ claim_topics: ["7"], pending_claim_topics: ["8"] });
    expect((await api(t, "GET", `/v1/trusted_issuers?token_id=${token.id}`)).body.data[0]).toMatchObject({ claim_topics: ["8"], pending_claim_topics: null });
    expect(await verified(dave)).toBe(false);
    expect(await transferTo(dave)).toMatch(/Transfer not possible/);
    expect(await eventsOf(t.id, "trusted_issuer.claim_topics.updated")).toMatchObject([{ id: issuerId, claim_topics: ["8"] }]);

    await applied("PUT", `/v1/trusted_issuers/${issuerId}/claim_topics`, { claim_topics: ["7", "8"] }, 200);
    expect(await verified(dave)).toBe(true);
    expect(await transferTo(dave)).toBeNull();
  });

  it("another tenant's token and records answer 404", async () => {
    const foreign = (method: string, path: string, body?: unknown) => api(other, method, path, body).then((r) => r.status);
    expect(await foreign("DELETE", `/v1/trusted_issuers/${issuerId}`)).toBe(404);
    expect(await foreign("POST", `/v1/trusted_issuers/${issuerId}/claim_topics`, { claim_topics: ["1"] })).toBe(404);
    expect(await foreign("PUT", `/v1/trusted_issuers/${issuerId}/claim_topics`, { claim_topics: ["1"] })).toBe(404);
    expect(await foreign("POST", "/v1/trusted_issuers", { token_id: token.id, issuer, claim_topics: ["1"] })).toBe(404);
    expect(await foreign("POST", "/v1/claim_topics", { token_id: token.id, topic: "1" })).toBe(404);
    expect(await foreign("DELETE", `/v1/claim_topics/${topicId}`)).toBe(404);
    for (const read of ["trusted_issuers/on_chain", "trusted_issuers/on_chain/check", "trusted_issuers/on_chain/claim_topics", "claim_topics/on_chain"]) {
      expect(await foreign("GET", `/v1/${read}?token_id=${token.id}${read.endsWith("on_chain") ? "" : `&issuer=${issuer}`}`), read).toBe(404);
    }
    expect(await foreign("GET", `/v1/trusted_issuers/on_chain/has_claim_topic?token_id=${token.id}&issuer=${issuer}&topic=7`)).toBe(404);
    expect((await api(other, "GET", `/v1/trusted_issuers?token_id=${token.id}`)).body).toMatchObject({ data: [], total: 0 });
    expect((await api(other, "GET", `/v1/claim_topics?token_id=${token.id}`)).body).toMatchObject({ data: [], total: 0 });
    const missing = await api(other, "POST", "/v1/claim_topics", { token_id: token.id, topic: "1" });
    expect(missing.body.error).toMatchObject({ code: "resource_missing", param: "token_id" });
  });

  it("answers 400 unsupported_standard for a token that is not regulated", async () => {
    const plain = await deployToken(t, { name: "Plain", symbol: "PL", standard: "ERC20", features: ERC20_FEATURES });
    for (const [method, path, body] of [
      ["POST", "/v1/claim_topics", { token_id: plain.id, topic: "1" }],
      ["POST", "/v1/trusted_issuers", { token_id: plain.id, issuer, claim_topics: ["1"] }],
      ["GET", `/v1/claim_topics/on_chain?token_id=${plain.id}`, undefined],
      ["GET", `/v1/trusted_issuers/on_chain/check?token_id=${plain.id}&issuer=${issuer}`, undefined],
    ] as const) {
      const res = await api(t, method, path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatchObject({ code: "unsupported_standard", param: "token_id" });
    }
  });

  it("removing the trusted issuer makes the investor unverified and transfers to them fail", async () => {
    const removing = await applied("DELETE", `/v1/trusted_issuers/${issuerId}`, undefined, 200);
    expect(removing).toMatchObject({ id: issuerId, status: "removing" });
    expect((await api(t, "GET", `/v1/trusted_issuers?token_id=${token.id}`)).body.data[0].status).toBe("removed");
    expect(await verified(dave)).toBe(false);
    expect(await transferTo(dave)).toMatch(/Transfer not possible/);
    expect((await api(t, "GET", `/v1/trusted_issuers/on_chain?token_id=${token.id}`)).body.data).toEqual([]);
    expect((await api(t, "GET", `/v1/trusted_issuers/on_chain/claim_topics?token_id=${token.id}&issuer=${issuer}`)).body).toMatchObject({
      is_trusted_issuer: false, claim_topics: [],
    });
    expect(await eventsOf(t.id, "trusted_issuer.removed")).toMatchObject([{ id: issuerId, status: "removed" }]);
    expect((await api(t, "DELETE", `/v1/trusted_issuers/${issuerId}`)).status).toBe(404);
  });

  it("deleting the claim topic drops the requirement", async () => {
    const removing = await applied("DELETE", `/v1/claim_topics/${topicId}`, undefined, 200);
    expect(removing).toMatchObject({ id: topicId, status: "removing" });
    expect((await api(t, "GET", `/v1/claim_topics/on_chain?token_id=${token.id}`)).body.claim_topics).toEqual([]);
    expect((await api(t, "GET", `/v1/claim_topics?token_id=${token.id}&status=removed`)).body.total).toBe(1);
    expect(await eventsOf(t.id, "claim_topic.removed")).toMatchObject([{ id: topicId, status: "removed" }]);
    // No topic is required any more: a registered identity is enough.
    expect(await verified(dave)).toBe(true);
    expect((await api(t, "DELETE", `/v1/claim_topics/${topicId}`)).status).toBe(404);
  });
});
