// Investor identities of regulated tokens: an ONCHAINID registered in the identity registry of one of the
// tenant's ERC3643 tokens. Identities are per tenant, mode and network: registering deploys a new ONCHAINID
// (an IdentityProxy of the platform's identity implementation) from the tenant's acting account, which is
// its management key, unless the tenant already made one for this wallet that its acting account still
// manages ("reused") or the request gives one ("provided"). The platform IdFactory is not used: it links
// one identity per wallet for everyone, so every tenant would share (and manage) the same one. The
// registration itself (registerIdentity) is sent by the acting account, an agent of the registry, once the
// ONCHAINID exists (the follow-up write of identity.create, see ./identity-effects). Every change shows on
// the record when its transaction confirms.
import { encodeAbiParameters, encodeDeployData, encodeFunctionData, getAddress, keccak256, type Address } from "viem";
import { db, pool } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { conflict, invalidRequest } from "@/lib/core/errors";
import { artifact } from "@/lib/chain/artifacts";
import { readChain } from "@/lib/chain/network/read";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import { writeOnce, type ChainWrite } from "@/lib/chain/intake";
import type { Identity, Transaction } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import type { ListParams } from "@/lib/schemas/common";
import { listScoped } from "@/lib/chain/intake/resource-rows";
import { trexBase } from "@/lib/trex/suite/base";
import { regulatedToken, type RegulatedToken } from "@/lib/trex/suite/service";
import type { Country } from "@/lib/core/countries";
import { claimSummaries, findIdentity, identityObject, IDENTITY_COLUMNS, serializeIdentity } from "@/lib/trex/identities/records";

export interface CreateIdentity {
  token_id: string;
  wallet: Address;
  country: Country;
  identity_address?: Address;
  idempotency_key?: string;
}

const irAbi = () => artifact("IdentityRegistry").abi;

/** A registerIdentity write for the identity (also the follow-up of identity.create). */
export function registerWrite(identity: Pick<Identity, "id" | "tenantId" | "livemode" | "network" | "tokenId" | "registry" | "wallet" | "country">, identityAddress: Address): ChainWrite {
  return {
    tenantId: identity.tenantId, livemode: identity.livemode, network: identity.network, tokenId: identity.tokenId,
    kind: "identity.register", to: identity.registry as Address,
    data: encodeFunctionData({ abi: irAbi(), functionName: "registerIdentity", args: [identity.wallet, identityAddress, identity.country] }),
    request: { identity: identity.id, wallet: identity.wallet, identity_address: identityAddress, country: identity.country },
    effect: { identity_id: identity.id },
  };
}

/** A new ONCHAINID for the wallet, deployed by the acting account and managed by it alone (claims, keys). */
function createWrite(scope: Scope, token: RegulatedToken, id: string, manager: Address, request: Record<string, unknown>): ChainWrite {
  const proxy = artifact("IdentityProxy");
  return {
    tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, tokenId: token.id, kind: "identity.create",
    data: encodeDeployData({ abi: proxy.abi, bytecode: proxy.bytecode, args: [trexBase(token.network).identityImplementationAuthority, manager] } as never),
    request, effect: { identity_id: id },
  };
}

const managementKey = (address: Address) => keccak256(encodeAbiParameters([{ type: "address" }], [address]));

/**
 * The ONCHAINID this tenant already made for the wallet (in this mode, on this network) that `manager`
 * still manages: a mode switch changes the acting account, and an identity it cannot manage is not reused.
 */
async function ownIdentityOf(scope: Scope, network: string, wallet: Address, manager: Address): Promise<Address | null> {
  const { rows } = await pool.query<{ identity_address: string }>(
    `SELECT identity_address FROM identities WHERE tenant_id = $1 AND livemode = $2 AND network = $3 AND wallet = $4
       AND source IN ('created', 'reused') AND identity_address IS NOT NULL GROUP BY identity_address ORDER BY max(id) DESC`,
    [scope.tenantId, scope.livemode, network, wallet],
  );
  for (const { identity_address } of rows) {
    const identity = getAddress(identity_address);
    const manages = await readChain<boolean>(network, identity, artifact("Identity").abi, "keyHasPurpose", [managementKey(manager), 1n], { onRevert: () => false });
    if (manages) return identity;
  }
  return null;
}

const insertSql = `INSERT INTO identities (id, tenant_id, livemode, token_id, network, registry, wallet, identity_address, country, source, status, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${IDENTITY_COLUMNS}`;

const ACTIVE = `('pending', 'registered', 'removing')`;

/** What a registration needs, read before anything is recorded (409 for a wallet the registry already holds). */
async function checkNewIdentity(scope: Scope, input: CreateIdentity) {
  const token = await regulatedToken(scope, input.token_id);
  if (await readChain<boolean>(token.network, token.suite.identityRegistry, irAbi(), "contains", [input.wallet])) {
    throw conflict("identity_exists", `Wallet ${input.wallet} is already registered in the identity registry of token '${token.id}'.`, "wallet");
  }
  const manager = (await actingFor(scope, token.network)).address;
  const provided = input.identity_address ?? null;
  const own = provided ? null : await ownIdentityOf(scope, token.network, input.wallet, manager);
  const source: "created" | "reused" | "provided" = provided ? "provided" : own ? "reused" : "created";
  return { token, manager, identityAddress: provided ?? own, source };
}

/** The identity an earlier run of the request recorded with this write (its effect names it). */
const identityOf = async (write: Transaction) =>
  db.identity.findUniqueOrThrow({ where: { id: (write.effect as { identity_id: string }).identity_id } });

export async function createIdentity(scope: Scope, input: CreateIdentity) {
  const { idempotency_key: _, ...body } = input;
  const request = { ...body, country: input.country.numeric };
  return writeOnce({
    check: () => checkNewIdentity(scope, input),
    async record(tx, { token, manager, identityAddress, source }) {
      const { client } = tx;
      const registry = token.suite.identityRegistry;
      // One registration at a time per token and wallet, so two concurrent requests cannot both pass the check.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`identity:${token.id}:${input.wallet}`]);
      const { rows: existing } = await client.query(`SELECT id FROM identities WHERE token_id = $1 AND wallet = $2 AND status IN ${ACTIVE}`, [token.id, input.wallet]);
      if (existing.length) throw conflict("identity_exists", `Wallet ${input.wallet} is already registered for token '${token.id}' (${existing[0].id}).`, "wallet");
      const id = newId("idn");
      const identity = { id, tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, tokenId: token.id, registry, wallet: input.wallet, country: input.country.numeric };
      const write = await tx.record(identityAddress ? { ...registerWrite(identity, identityAddress), request } : createWrite(scope, token, id, manager, request));
      const { rows } = await client.query(insertSql, [id, scope.tenantId, scope.livemode, token.id, token.network, registry, input.wallet, identityAddress, input.country.numeric, source, write.id]);
      return serializeIdentity(rows[0] as Identity);
    },
    find: async ([write]) => identityObject(await identityOf(write)),
  });
}

export interface IdentityFilters {
  token_id?: string;
  status?: string;
  wallet?: string;
}

export async function listIdentities(scope: Scope, params: ListParams & IdentityFilters) {
  const filters = { ...(params.token_id && { tokenId: params.token_id }), ...(params.wallet && { wallet: params.wallet }) };
  const page = await listScoped(db.identity, scope, params, (row) => row, filters);
  const summaries = await claimSummaries(page.data.map((row) => row.id));
  return { ...page, data: page.data.map((row) => serializeIdentity(row, summaries.get(row.id))) };
}

export const getIdentity = async (scope: Scope, id: string) => identityObject(await findIdentity(scope, id));

/** The identity, registered (its address and country can change, it can be removed). */
async function registeredIdentity(scope: Scope, id: string) {
  const identity = await findIdentity(scope, id);
  if (identity.status !== "registered") {
    throw invalidRequest("identity_not_registered", `Identity '${id}' is ${identity.status}; only a registered identity can change or be removed.`, "id");
  }
  return identity;
}

/**
 * Records a registry write about a registered identity and points the identity's `transaction` at it.
 * The identity is checked (registered) before recording; a request run again answers what it recorded.
 */
function submitRegistryWrite(scope: Scope, id: string, kind: ChainWrite["kind"], write: (identity: Identity) => { functionName: string; args: unknown[]; request: Record<string, unknown>; effect: Record<string, unknown>; status?: string }) {
  return writeOnce({
    check: () => registeredIdentity(scope, id),
    async record(tx, identity) {
      const { functionName, args, request, effect, status } = write(identity);
      const { idempotency_key: _, ...shown } = request;
      // Conditional, so a removal and another change cannot both pass the status check.
      const marked = await tx.client.query(
        `UPDATE identities SET status = COALESCE($2, status), updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 AND status = 'registered'`,
        [identity.id, status ?? null],
      );
      if (!marked.rowCount) throw invalidRequest("identity_not_registered", `Identity '${identity.id}' is no longer registered.`, "id");
      const recorded = await tx.record({
        tenantId: identity.tenantId, livemode: identity.livemode, network: identity.network, tokenId: identity.tokenId, kind,
        // The registry it was registered in, even if the token has since moved to another one.
        to: identity.registry as Address, data: encodeFunctionData({ abi: irAbi(), functionName, args } as never),
        request: { identity: identity.id, wallet: identity.wallet, ...shown }, effect: { identity_id: identity.id, ...effect },
      });
      const { rows } = await tx.client.query(`UPDATE identities SET last_tx_id = $2 WHERE id = $1 RETURNING ${IDENTITY_COLUMNS}`, [identity.id, recorded.id]);
      return identityObject(rows[0] as Identity, tx.client);
    },
    find: async ([recorded]) => identityObject(await identityOf(recorded)),
  });
}

export const updateIdentityAddress = (scope: Scope, id: string, input: { identity_address: Address }) =>
  submitRegistryWrite(scope, id, "identity.update", (identity) => ({
    functionName: "updateIdentity", args: [identity.wallet, input.identity_address], request: input, effect: { identity_address: input.identity_address },
  }));

export const updateIdentityCountry = (scope: Scope, id: string, input: { country: Country }) =>
  submitRegistryWrite(scope, id, "identity.update_country", (identity) => ({
    functionName: "updateCountry", args: [identity.wallet, input.country.numeric], request: { country: input.country.numeric }, effect: { country: input.country.numeric },
  }));

export const removeIdentity = (scope: Scope, id: string) =>
  submitRegistryWrite(scope, id, "identity.remove", (identity) => ({ functionName: "deleteIdentity", args: [identity.wallet], request: {}, effect: {}, status: "removing" }));
