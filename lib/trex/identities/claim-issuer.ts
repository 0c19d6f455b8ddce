// The tenant's platform ClaimIssuer: one ONCHAINID ClaimIssuer contract per tenant and network, deployed
// by the tenant's acting account on the first platform-signed claim. The acting account is its management
// key; once deployed, the tenant's claim signing key (its custodial key: ClaimIssuer checks an ECDSA
// signature, which a smart account cannot give) becomes a claim key (purpose 3), so claims signed with it
// are valid on chain (ClaimIssuer.isClaimValid) and other areas can list it as a trusted issuer.
import { encodeAbiParameters, encodeDeployData, encodeFunctionData, getAddress, keccak256, type Address, type Hex } from "viem";
import { pool } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { artifact } from "@/lib/chain/artifacts";
import type { Recorder } from "@/lib/chain/intake";
import type { ClaimIssuer, Transaction } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import { trexBase } from "@/lib/trex/suite/base";

export const CLAIM_KEY_PURPOSE = 3n;
const ECDSA_KEY_TYPE = 1n;

const COLUMNS = `id, tenant_id AS "tenantId", livemode, network, address, status, deploy_tx_id AS "deployTxId", failure_reason AS "failureReason"`;

/** The tenant's deployed ClaimIssuer on `network`, or null when none is deployed (yet). */
export async function tenantClaimIssuer(scope: Scope, network: string): Promise<Address | null> {
  const { rows } = await pool.query(`SELECT address FROM claim_issuers WHERE tenant_id = $1 AND livemode = $2 AND network = $3 AND status = 'deployed'`, [
    scope.tenantId, scope.livemode, network,
  ]);
  return rows.length ? (rows[0].address as Address) : null;
}

export const keyOf = (address: Address) => keccak256(encodeAbiParameters([{ type: "address" }], [address]));

/**
 * A ClaimIssuer (20 KB, ~4.6M gas), or with `small` an IdentityProxy of the platform's ONCHAINID identity
 * implementation: its isClaimValid checks the same purpose-3 keys (it only lacks ClaimIssuer's revocation,
 * which the platform does not use). A smart account needs the small one: the bundler cannot estimate a
 * creation that big on the local chain (its simulation exceeds the 2^24 per-transaction gas cap).
 */
function issuerDeployData(network: string, manager: Address, small: boolean): Hex {
  if (!small) return encodeDeployData({ abi: artifact("ClaimIssuer").abi, bytecode: artifact("ClaimIssuer").bytecode, args: [manager] });
  const proxy = artifact("IdentityProxy");
  return encodeDeployData({ abi: proxy.abi, bytecode: proxy.bytecode, args: [trexBase(network).identityImplementationAuthority, manager] } as never);
}

/**
 * The tenant's ClaimIssuer row on `network`, locked for the rest of the caller's transaction (so a claim
 * recorded while the deployment confirms is either seen by the confirmation or sees it deployed). When
 * there is none, or its deployment failed, records its deployment, on behalf of claim `claimId`.
 */
export async function lockClaimIssuer(tx: Recorder, scope: Scope, network: string, keys: { manager: Address; claimKey: Address; smallDeploy: boolean }, claimId: string): Promise<{ issuer: Pick<ClaimIssuer, "id" | "address" | "status">; deployment?: Transaction }> {
  const { client } = tx;
  await client.query(
    `INSERT INTO claim_issuers (id, tenant_id, livemode, network, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'new', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') ON CONFLICT (tenant_id, livemode, network) DO NOTHING`,
    [newId("cli"), scope.tenantId, scope.livemode, network],
  );
  const { rows } = await client.query(`SELECT ${COLUMNS} FROM claim_issuers WHERE tenant_id = $1 AND livemode = $2 AND network = $3 FOR UPDATE`, [
    scope.tenantId, scope.livemode, network,
  ]);
  const issuer = rows[0] as ClaimIssuer;
  if (issuer.status !== "new" && issuer.status !== "failed") return { issuer };
  const write = await tx.record({
    tenantId: scope.tenantId, livemode: scope.livemode, network, kind: "claim_issuer.deploy",
    data: issuerDeployData(network, keys.manager, keys.smallDeploy),
    // The claim that made the deployment: a request run again finds it through this record (./claims).
    request: { claim_issuer: issuer.id, management_key: keys.manager }, effect: { claim_issuer_id: issuer.id, claim_key: keys.claimKey, claim_id: claimId },
  });
  await client.query(`UPDATE claim_issuers SET status = 'deploying', deploy_tx_id = $2, failure_reason = NULL, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1`, [
    issuer.id, write.id,
  ]);
  return { issuer: { id: issuer.id, address: null, status: "deploying" }, deployment: write };
}

/** addKey(keccak256(abi.encode(wallet)), 3, 1) on the ClaimIssuer: the wallet becomes a claim signer. */
export const addClaimKeyData = (wallet: Address) =>
  encodeFunctionData({ abi: artifact("ClaimIssuer").abi, functionName: "addKey", args: [keyOf(getAddress(wallet)), CLAIM_KEY_PURPOSE, ECDSA_KEY_TYPE] });
