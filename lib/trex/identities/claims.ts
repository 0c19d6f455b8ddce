// Claims on an identity's ONCHAINID. A platform claim is signed with the tenant wallet's key, a claim key
// of the tenant's platform ClaimIssuer (./claim-issuer): EIP-191 over keccak256(abi.encode(identity,
// topic, data)), which ClaimIssuer.isClaimValid checks. A claim signed elsewhere comes with its issuer and
// signature. Either way the tenant's acting account sends Identity.addClaim (it must be a management or
// claim key of the identity: it is of every identity the platform created for the tenant). When the tenant's ClaimIssuer is still
// being deployed, the claim waits and its addClaim is sent when the deployment confirms (./identity-effects).
import { encodeAbiParameters, encodeFunctionData, getAddress, isHex, keccak256, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { invalidRequest, notFound } from "@/lib/core/errors";
import { artifact } from "@/lib/chain/artifacts";
import { signerFor } from "@/lib/chain/eoa/wallets";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import { writeOnce, type ChainWrite } from "@/lib/chain/intake";
import type { Identity, IdentityClaim, Transaction } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import type { ListParams } from "@/lib/schemas/common";
import { paginate } from "@/lib/core/pagination";
import { lockClaimIssuer } from "@/lib/trex/identities/claim-issuer";
import { CLAIM_COLUMNS, findIdentity, onChainClaimId, serializeClaim } from "@/lib/trex/identities/records";

const ECDSA_SCHEME = 1n;

export interface AddClaim {
  topic: string;
  data?: string;
  uri?: string;
  issuer?: Address;
  signature?: string;
  idempotency_key?: string;
}

/** The hash a claim issuer signs (EIP-191) for a claim. */
export const claimHash = (identity: Address, topic: string, data: Hex) =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }, { type: "bytes" }], [identity, BigInt(topic), data]));

/** Identity.addClaim(topic, 1, issuer, signature, data, uri) for the claim, sent by the tenant's acting account. */
export function addClaimWrite(claim: IdentityClaim, identity: Pick<Identity, "identityAddress" | "network" | "tokenId">, issuer: Address): ChainWrite {
  return {
    tenantId: claim.tenantId, livemode: claim.livemode, network: identity.network, tokenId: identity.tokenId, kind: "identity.claim.add",
    to: identity.identityAddress as Address,
    data: encodeFunctionData({
      abi: artifact("Identity").abi, functionName: "addClaim",
      args: [BigInt(claim.topic), ECDSA_SCHEME, issuer, claim.signature as Hex, claim.data as Hex, claim.uri],
    }),
    request: { identity: claim.identityId, claim: claim.id, topic: claim.topic, issuer, data: claim.data, uri: claim.uri },
    effect: { claim_id: claim.id },
  };
}

/** An identity that has an ONCHAINID and is not removed or failed: claims can go on it. */
async function claimableIdentity(scope: Scope, id: string) {
  const identity = await findIdentity(scope, id);
  if (!identity.identityAddress || identity.status === "failed" || identity.status === "removed") {
    throw invalidRequest(
      "identity_not_ready",
      identity.identityAddress ? `Identity '${id}' is ${identity.status}.` : `Identity '${id}' has no ONCHAINID yet; retry once its status is 'registered'.`,
      "id",
    );
  }
  return identity as Identity & { identityAddress: Address };
}

const insertClaimSql = `INSERT INTO identity_claims (id, tenant_id, livemode, identity_id, topic, scheme, issuer, claim_issuer_id, signature, data, uri, status, idempotency_claim, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, 'pending', $11, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${CLAIM_COLUMNS}`;

/** What a claim needs before anything is recorded: an identity that takes claims, and the claim's signature. */
async function checkClaim(scope: Scope, identityId: string, input: AddClaim) {
  const identity = await claimableIdentity(scope, identityId);
  const data = (input.data ?? "0x") as Hex;
  const acting = await actingFor(scope, identity.network);
  const claimSigner = await signerFor(scope.tenantId, scope.livemode);
  const signature = input.signature ?? (await claimSigner.signMessage({ message: { raw: claimHash(identity.identityAddress, input.topic, data) } }));
  return { identity, data, acting, claimKey: getAddress(claimSigner.address), signature };
}

/** The claim an earlier run of the request recorded: its addClaim, or the deployment of the ClaimIssuer it waits for, names it. */
async function claimOf(write: Transaction) {
  const claim = await db.identityClaim.findUniqueOrThrow({ where: { id: (write.effect as { claim_id: string }).claim_id } });
  const identity = await db.identity.findUniqueOrThrow({ where: { id: claim.identityId } });
  return serializeClaim(claim, identity.identityAddress ?? "");
}

export async function addClaim(scope: Scope, identityId: string, input: AddClaim) {
  if ((input.issuer === undefined) !== (input.signature === undefined)) {
    const missing = input.issuer === undefined ? "issuer" : "signature";
    throw invalidRequest("parameter_missing", `Missing required parameter: ${missing} (a claim signed elsewhere needs both issuer and signature)`, missing);
  }
  const uri = input.uri ?? "";
  return writeOnce({
    check: () => checkClaim(scope, identityId, input),
    async record(tx, { identity, data, acting, claimKey, signature }) {
      const { client } = tx;
      const id = newId("clm");
      let issuer: Address | null = input.issuer ?? null;
      let claimIssuerId: string | null = null;
      if (input.issuer === undefined) {
        const locked = await lockClaimIssuer(tx, scope, identity.network, { manager: acting.address, claimKey, smallDeploy: acting.mode === "connect" }, id);
        claimIssuerId = locked.issuer.id;
        issuer = locked.issuer.status === "deployed" ? (locked.issuer.address as Address) : null;
      }
      // Stamped with the claim: a claim that waits for a deployment another request recorded records no write of its own.
      const { rows } = await client.query(insertClaimSql, [id, scope.tenantId, scope.livemode, identity.id, input.topic, issuer, claimIssuerId, signature, data, uri, tx.claim]);
      let claim = rows[0] as IdentityClaim;
      // Without an issuer address yet, the claim waits for its ClaimIssuer's deployment to confirm.
      if (issuer) {
        const write = await tx.record(addClaimWrite(claim, identity, issuer));
        const updated = await client.query(`UPDATE identity_claims SET add_tx_id = $2 WHERE id = $1 RETURNING ${CLAIM_COLUMNS}`, [claim.id, write.id]);
        claim = updated.rows[0] as IdentityClaim;
      }
      return serializeClaim(claim, identity.identityAddress);
    },
    find: ([write]) => claimOf(write),
    rows: {
      kind: "identity.claim",
      find: async (claim) => {
        const earlier = await db.identityClaim.findUnique({ where: { idempotencyClaim: claim } });
        return earlier && serializeClaim(earlier, (await db.identity.findUniqueOrThrow({ where: { id: earlier.identityId } })).identityAddress ?? "");
      },
    },
  });
}

export async function listClaims(scope: Scope, identityId: string, params: ListParams) {
  const identity = await findIdentity(scope, identityId);
  return paginate(db.identityClaim, { identityId: identity.id }, params, (row) => serializeClaim(row, identity.identityAddress ?? ""));
}

/** The claim by its id (clm_…) or its on-chain claim id (the latest of this identity's claims with it). */
async function findClaim(identity: Identity, claimId: string) {
  if (isHex(claimId) && claimId.length === 66) {
    const claims = await db.identityClaim.findMany({ where: { identityId: identity.id, issuer: { not: null } }, orderBy: { id: "desc" } });
    const found = claims.find((c) => onChainClaimId(c.issuer as Address, c.topic) === claimId.toLowerCase());
    if (found) return found;
  } else {
    const found = await db.identityClaim.findFirst({ where: { id: claimId, identityId: identity.id } });
    if (found) return found;
  }
  throw notFound("claim", claimId);
}

/** An added claim of the identity (only it can be removed), read before anything is recorded. */
async function removableClaim(scope: Scope, identityId: string, claimId: string) {
  const identity = await findIdentity(scope, identityId);
  const claim = await findClaim(identity, claimId);
  if (claim.status !== "added") {
    throw invalidRequest("claim_not_added", `Claim '${claim.id}' is ${claim.status}; only an added claim can be removed.`, "claimId");
  }
  return { identity, claim };
}

export function removeClaim(scope: Scope, identityId: string, claimId: string) {
  return writeOnce({
    check: () => removableClaim(scope, identityId, claimId),
    async record(tx, { identity, claim }) {
      const onChainId = onChainClaimId(claim.issuer as Address, claim.topic);
      // Conditional, so two removals of one claim cannot both be sent.
      const marked = await tx.client.query(`UPDATE identity_claims SET status = 'removing', updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 AND status = 'added'`, [claim.id]);
      if (!marked.rowCount) throw invalidRequest("claim_not_added", `Claim '${claim.id}' is already being removed.`, "claimId");
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: identity.network, tokenId: identity.tokenId, kind: "identity.claim.remove",
        to: identity.identityAddress as Address,
        data: encodeFunctionData({ abi: artifact("Identity").abi, functionName: "removeClaim", args: [onChainId] }),
        request: { identity: identity.id, claim: claim.id, claim_id: onChainId }, effect: { claim_id: claim.id },
      });
      const { rows } = await tx.client.query(`UPDATE identity_claims SET remove_tx_id = $2 WHERE id = $1 RETURNING ${CLAIM_COLUMNS}`, [claim.id, write.id]);
      return serializeClaim(rows[0] as IdentityClaim, identity.identityAddress ?? "");
    },
    find: ([write]) => claimOf(write),
  });
}
