// What happens when the chain writes of identities, claims and the tenant's ClaimIssuer end: each moves its row
// through the resource kit (lib/chain/intake/resource-rows), in the database transaction that finalizes the
// write; the events are the ones of spec section 6. Two-step flows continue here with `submit`: a created
// ONCHAINID is then registered in the identity registry, and a deployed ClaimIssuer gets the tenant's claim
// signing key as claim key and sends the claims that waited for it.
import type { Address } from "viem";
import type { Queryable } from "@/lib/db";
import type { EffectContext, Operation } from "@/lib/chain/registry/kinds";
import { failure, resourceLifecycle } from "@/lib/chain/intake/resource-rows";
import type { ClaimIssuer, Identity, IdentityClaim } from "@/lib/generated/prisma/client";
import { CLAIM_COLUMNS, IDENTITY_COLUMNS, identityObject, loadIdentity, serializeClaim } from "@/lib/trex/identities/records";
import { registerWrite } from "@/lib/trex/identities/service";
import { addClaimWrite } from "@/lib/trex/identities/claims";
import { addClaimKeyData } from "@/lib/trex/identities/claim-issuer";

type Effect = { identity_id?: string; claim_id?: string; claim_issuer_id?: string; identity_address?: string; country?: number; claim_key?: Address };
const effectOf = (ctx: EffectContext) => ctx.tx.effect as Effect;

const identities = resourceLifecycle<Identity>({
  table: "identities", columns: IDENTITY_COLUMNS, id: (effect) => (effect as Effect).identity_id, serialize: identityObject,
});

const claims = resourceLifecycle<IdentityClaim>({
  table: "identity_claims", columns: CLAIM_COLUMNS, id: (effect) => (effect as Effect).claim_id,
  serialize: async (claim, client) => serializeClaim(claim, (await loadIdentity(claim.identityId, client))?.identityAddress ?? ""),
});

const issuers = resourceLifecycle<ClaimIssuer>({
  table: "claim_issuers", columns: "id", id: (effect) => (effect as Effect).claim_issuer_id, active: "deployed",
});

/** The acting account deployed the ONCHAINID: note its address and register it (the acting account, an agent of the registry). */
const create = identities.deployment({
  what: "The identity deployment", column: "identity_address", step: true, failureReason: (reason) => reason,
  activate: async (ctx, address, identity) => ({ last_tx_id: (await ctx.submit(registerWrite(identity, address!))).id }),
});

const register = identities.transition({ confirmed: { status: "registered", failure_reason: null }, event: "identity.registered", failed: failure });

const update = identities.transition({ confirmed: (ctx) => ({ identity_address: effectOf(ctx).identity_address }), event: "identity.updated" });

const updateCountry = identities.transition({ confirmed: (ctx) => ({ country: effectOf(ctx).country }), event: "identity.country.updated" });

const remove = identities.transition({ confirmed: { status: "removed" }, event: "identity.removed", failed: () => ({ status: "registered" }), failedFrom: "removing" });

const addClaim = claims.transition({
  confirmed: { status: "added", failure_reason: null },
  // ONCHAINID keeps one claim per issuer and topic: an earlier one of ours is overwritten.
  async after({ client }, claim) {
    await client.query(
      `UPDATE identity_claims SET status = 'replaced', updated_at = now() AT TIME ZONE 'UTC' WHERE identity_id = $1 AND issuer = $2 AND topic = $3 AND status = 'added' AND id <> $4`,
      [claim.identityId, claim.issuer, claim.topic, claim.id],
    );
  },
  event: "identity.claim.added",
  failed: failure,
});

const removeClaim = claims.transition({ confirmed: { status: "removed" }, event: "identity.claim.removed", failed: () => ({ status: "added" }), failedFrom: "removing" });

/** The claims that waited for this ClaimIssuer (locked: the issuer row is locked first by both sides). */
async function waitingClaims(client: Queryable, issuerId: string) {
  const { rows } = await client.query(
    `SELECT ${CLAIM_COLUMNS} FROM identity_claims WHERE claim_issuer_id = $1 AND status = 'pending' AND add_tx_id IS NULL ORDER BY id FOR UPDATE`,
    [issuerId],
  );
  return rows as IdentityClaim[];
}

const updateClaim = (client: Queryable, id: string, set: string, values: unknown[]) =>
  client.query(`UPDATE identity_claims SET ${set}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1`, [id, ...values]);

/** Deployed (the row is locked first, as lockClaimIssuer locks it: a claim recorded meanwhile waits, then sees it deployed). */
const deployIssuer = issuers.deployment({
  what: "The ClaimIssuer deployment", failureReason: (reason) => reason,
  async activate({ tx, client, submit }, address) {
    const issuerId = (tx.effect as Effect).claim_issuer_id!;
    // The key that signs the tenant's claims (an EOA: ClaimIssuer recovers an ECDSA signature); records
    // from before it was noted were deployed by that same custodial wallet.
    const claimKey = (tx.effect as Effect).claim_key ?? (tx.fromAddress as Address);
    await submit({
      tenantId: tx.tenantId, livemode: tx.livemode, network: tx.network, kind: "claim_issuer.add_key", to: address!,
      data: addClaimKeyData(claimKey), request: { claim_issuer: issuerId, key: claimKey, purpose: 3 },
    });
    for (const claim of await waitingClaims(client, issuerId)) {
      const identity = await loadIdentity(claim.identityId, client);
      if (!identity?.identityAddress) continue;
      const write = await submit(addClaimWrite(claim, identity, address!));
      await updateClaim(client, claim.id, `issuer = $2, add_tx_id = $3`, [address, write.id]);
    }
    return {};
  },
  async onFailed({ tx, reason, client }) {
    for (const claim of await waitingClaims(client, (tx.effect as Effect).claim_issuer_id!)) {
      await updateClaim(client, claim.id, `status = 'failed', failure_reason = $2`, [`The tenant's ClaimIssuer could not be deployed: ${reason}`]);
    }
  },
});

export const identityOperations = {
  "identity.create": create,
  "identity.register": register,
  "identity.update": update,
  "identity.update_country": updateCountry,
  "identity.remove": remove,
  "identity.claim.add": addClaim,
  "identity.claim.remove": removeClaim,
  "identity.storage.bind": {},
  "identity.storage.unbind": {},
  "claim_issuer.deploy": deployIssuer,
  "claim_issuer.add_key": {},
} satisfies Record<string, Operation>;
