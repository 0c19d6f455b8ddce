// What happens when the chain writes of identities, claims and the tenant's ClaimIssuer end. Each runs in
// the database transaction that finalizes the write (raw SQL on `client`); the events are the ones of
// spec section 6. Two-step flows continue here with `submit`: a created ONCHAINID is then registered in
// the identity registry, and a deployed ClaimIssuer gets the tenant's claim signing key as claim key and
// sends the claims that waited for it.
import { getAddress, type Address } from "viem";
import type { Queryable } from "@/lib/db";
import type { EffectEvent, Operation } from "@/lib/chain/registry/kinds";
import type { Identity, IdentityClaim } from "@/lib/generated/prisma/client";
import { CLAIM_COLUMNS, IDENTITY_COLUMNS, identityObject, loadIdentity, serializeClaim } from "@/lib/trex/identities/records";
import { registerWrite } from "@/lib/trex/identities/service";
import { addClaimWrite } from "@/lib/trex/identities/claims";
import { addClaimKeyData } from "@/lib/trex/identities/claim-issuer";

const NOW = `now() AT TIME ZONE 'UTC'`;
const identityIdOf = (effect: unknown) => (effect as { identity_id: string }).identity_id;
const claimIdOf = (effect: unknown) => (effect as { claim_id: string }).claim_id;

async function updateIdentity(client: Queryable, id: string, set: string, values: unknown[]): Promise<Identity | undefined> {
  const { rows } = await client.query(`UPDATE identities SET ${set}, updated_at = ${NOW} WHERE id = $1 RETURNING ${IDENTITY_COLUMNS}`, [id, ...values]);
  return rows[0] as Identity | undefined;
}

async function identityEvent(client: Queryable, type: EffectEvent["type"], row: Identity | undefined): Promise<EffectEvent[]> {
  return row ? [{ type, object: await identityObject(row, client) }] : [];
}

const failRegistration = async ({ tx, reason, client }: { tx: { effect: unknown }; reason: string; client: Queryable }) => {
  await updateIdentity(client, identityIdOf(tx.effect), `status = 'failed', failure_reason = $2`, [reason]);
};

/** The acting account deployed the ONCHAINID: note its address and register it (the acting account, an agent of the registry). */
const create: Operation = {
  async onConfirmed({ tx, receipt, client, submit }) {
    const identity = await loadIdentity(identityIdOf(tx.effect), client);
    if (!identity) return;
    if (!receipt.contractAddress) {
      await updateIdentity(client, identity.id, `status = 'failed', failure_reason = $2`, ["The identity deployment created no contract."]);
      return;
    }
    const address = getAddress(receipt.contractAddress);
    const write = await submit(registerWrite(identity, address));
    await updateIdentity(client, identity.id, `identity_address = $2, last_tx_id = $3`, [address, write.id]);
  },
  onFailed: failRegistration,
};

const register: Operation = {
  async onConfirmed({ tx, client }) {
    return identityEvent(client, "identity.registered", await updateIdentity(client, identityIdOf(tx.effect), `status = 'registered', failure_reason = NULL`, []));
  },
  onFailed: failRegistration,
};

const update: Operation = {
  async onConfirmed({ tx, client }) {
    const { identity_address } = tx.effect as { identity_address: string };
    return identityEvent(client, "identity.updated", await updateIdentity(client, identityIdOf(tx.effect), `identity_address = $2`, [identity_address]));
  },
};

const updateCountry: Operation = {
  async onConfirmed({ tx, client }) {
    const { country } = tx.effect as { country: number };
    return identityEvent(client, "identity.country.updated", await updateIdentity(client, identityIdOf(tx.effect), `country = $2`, [country]));
  },
};

const remove: Operation = {
  async onConfirmed({ tx, client }) {
    return identityEvent(client, "identity.removed", await updateIdentity(client, identityIdOf(tx.effect), `status = 'removed'`, []));
  },
  async onFailed({ tx, client }) {
    await client.query(`UPDATE identities SET status = 'registered', updated_at = ${NOW} WHERE id = $1 AND status = 'removing'`, [identityIdOf(tx.effect)]);
  },
};

async function updateClaim(client: Queryable, id: string, set: string, values: unknown[]): Promise<IdentityClaim | undefined> {
  const { rows } = await client.query(`UPDATE identity_claims SET ${set}, updated_at = ${NOW} WHERE id = $1 RETURNING ${CLAIM_COLUMNS}`, [id, ...values]);
  return rows[0] as IdentityClaim | undefined;
}

async function claimEvent(client: Queryable, type: EffectEvent["type"], claim: IdentityClaim | undefined): Promise<EffectEvent[]> {
  if (!claim) return [];
  const identity = await loadIdentity(claim.identityId, client);
  return [{ type, object: serializeClaim(claim, identity?.identityAddress ?? "") }];
}

const addClaim: Operation = {
  async onConfirmed({ tx, client }) {
    const claim = await updateClaim(client, claimIdOf(tx.effect), `status = 'added', failure_reason = NULL`, []);
    if (!claim) return;
    // ONCHAINID keeps one claim per issuer and topic: an earlier one of ours is overwritten.
    await client.query(
      `UPDATE identity_claims SET status = 'replaced', updated_at = ${NOW} WHERE identity_id = $1 AND issuer = $2 AND topic = $3 AND status = 'added' AND id <> $4`,
      [claim.identityId, claim.issuer, claim.topic, claim.id],
    );
    return claimEvent(client, "identity.claim.added", claim);
  },
  async onFailed({ tx, reason, client }) {
    await updateClaim(client, claimIdOf(tx.effect), `status = 'failed', failure_reason = $2`, [reason]);
  },
};

const removeClaim: Operation = {
  async onConfirmed({ tx, client }) {
    return claimEvent(client, "identity.claim.removed", await updateClaim(client, claimIdOf(tx.effect), `status = 'removed'`, []));
  },
  async onFailed({ tx, client }) {
    await client.query(`UPDATE identity_claims SET status = 'added', updated_at = ${NOW} WHERE id = $1 AND status = 'removing'`, [claimIdOf(tx.effect)]);
  },
};

const issuerIdOf = (effect: unknown) => (effect as { claim_issuer_id: string }).claim_issuer_id;

/** The claims that waited for this ClaimIssuer (locked: the issuer row is locked first by both sides). */
async function waitingClaims(client: Queryable, issuerId: string) {
  const { rows } = await client.query(
    `SELECT ${CLAIM_COLUMNS} FROM identity_claims WHERE claim_issuer_id = $1 AND status = 'pending' AND add_tx_id IS NULL ORDER BY id FOR UPDATE`,
    [issuerId],
  );
  return rows as IdentityClaim[];
}

const deployIssuer: Operation = {
  async onConfirmed({ tx, receipt, client, submit }) {
    const issuerId = issuerIdOf(tx.effect);
    if (!receipt.contractAddress) return;
    const address = getAddress(receipt.contractAddress);
    await client.query(`UPDATE claim_issuers SET status = 'deployed', address = $2, updated_at = ${NOW} WHERE id = $1`, [issuerId, address]);
    // The key that signs the tenant's claims (an EOA: ClaimIssuer recovers an ECDSA signature); records
    // from before it was noted were deployed by that same custodial wallet.
    const claimKey = (tx.effect as { claim_key?: Address }).claim_key ?? (tx.fromAddress as Address);
    await submit({
      tenantId: tx.tenantId, livemode: tx.livemode, network: tx.network, kind: "claim_issuer.add_key", to: address,
      data: addClaimKeyData(claimKey), request: { claim_issuer: issuerId, key: claimKey, purpose: 3 },
    });
    for (const claim of await waitingClaims(client, issuerId)) {
      const identity = await loadIdentity(claim.identityId, client);
      if (!identity?.identityAddress) continue;
      const write = await submit(addClaimWrite(claim, identity, address));
      await updateClaim(client, claim.id, `issuer = $2, add_tx_id = $3`, [address, write.id]);
    }
  },
  async onFailed({ tx, reason, client }) {
    const issuerId = issuerIdOf(tx.effect);
    await client.query(`UPDATE claim_issuers SET status = 'failed', failure_reason = $2, updated_at = ${NOW} WHERE id = $1`, [issuerId, reason]);
    for (const claim of await waitingClaims(client, issuerId)) {
      await updateClaim(client, claim.id, `status = 'failed', failure_reason = $2`, [`The tenant's ClaimIssuer could not be deployed: ${reason}`]);
    }
  },
};

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
