// Investor identities of regulated tokens: an ONCHAINID registered in the identity registry of one of the
// tenant's ERC3643 tokens. Registering deploys the ONCHAINID through the platform IdFactory (an owner-only
// call, signed by the platform) unless the wallet already has one or the request gives one; the
// registration itself (registerIdentity) is sent by the tenant wallet, an agent of the registry, once the
// ONCHAINID exists (the follow-up write of identity.create, see ./identity-effects). Every change shows on
// the record when its transaction confirms.
import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, zeroAddress, type Address } from "viem";
import { db, transaction, type Queryable } from "@/lib/db";
import { newId } from "@/lib/api/ids";
import { conflict, invalidRequest } from "@/lib/api/errors";
import { artifact } from "@/lib/chain/artifacts";
import { readChain } from "@/lib/chain/read";
import { tenantWallet } from "@/lib/chain/wallets";
import { recordChainWrite, wakeWallets, type ChainWrite } from "@/lib/chain/transactions";
import type { Identity } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/tokens/scope";
import type { ListParams } from "@/lib/schemas/common";
import { paginate } from "@/lib/api/pagination";
import { trexBase } from "./base";
import { regulatedToken, type RegulatedToken } from "./suite";
import type { Country } from "./countries";
import { claimSummaries, findIdentity, identityObject, IDENTITY_COLUMNS, serializeIdentity } from "./identity-records";

export interface CreateIdentity {
  token_id: string;
  wallet: Address;
  country: Country;
  identity_address?: Address;
  idempotency_key?: string;
}

const irAbi = () => artifact("IdentityRegistry").abi;
const idFactoryAbi = () => artifact("IdFactory").abi;

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

/** IdFactory.createIdentityWithManagementKeys(wallet, salt, [tenant wallet]): the tenant wallet manages the new identity (claims, keys). */
function createWrite(scope: Scope, token: RegulatedToken, id: string, wallet: Address, tenant: Address, request: Record<string, unknown>): ChainWrite {
  // IdFactory refuses a management key equal to the wallet itself; the wallet is then its own manager.
  const data = wallet === tenant
    ? encodeFunctionData({ abi: idFactoryAbi(), functionName: "createIdentity", args: [wallet, id] })
    : encodeFunctionData({
        abi: idFactoryAbi(), functionName: "createIdentityWithManagementKeys",
        args: [wallet, id, [keccak256(encodeAbiParameters([{ type: "address" }], [tenant]))]],
      });
  return {
    tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, tokenId: token.id, kind: "identity.create", signer: "platform",
    to: trexBase(token.network).idFactory, data, request, effect: { identity_id: id },
  };
}

const insertSql = `INSERT INTO identities (id, tenant_id, livemode, token_id, network, registry, wallet, identity_address, country, source, status, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${IDENTITY_COLUMNS}`;

const ACTIVE = `('pending', 'registered', 'removing')`;

export async function createIdentity(scope: Scope, input: CreateIdentity) {
  const token = await regulatedToken(scope, input.token_id);
  const registry = token.suite.identityRegistry;
  if (await readChain<boolean>(token.network, registry, irAbi(), "contains", [input.wallet])) {
    throw conflict("identity_exists", `Wallet ${input.wallet} is already registered in the identity registry of token '${token.id}'.`, "wallet");
  }
  const tenant = getAddress((await tenantWallet(scope.tenantId, scope.livemode)).address);
  let identityAddress = input.identity_address ?? null;
  let source: "created" | "reused" | "provided" = "provided";
  if (!identityAddress) {
    const linked = await readChain<Address>(token.network, trexBase(token.network).idFactory, idFactoryAbi(), "getIdentity", [input.wallet]);
    identityAddress = linked === zeroAddress ? null : getAddress(linked);
    source = identityAddress ? "reused" : "created";
  }
  const { idempotency_key: _, ...body } = input;
  const request = { ...body, country: input.country.numeric };

  const { row, write } = await transaction(async (client) => {
    // One registration at a time per token and wallet, so two concurrent requests cannot both pass the check.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`identity:${token.id}:${input.wallet}`]);
    const { rows: existing } = await client.query(`SELECT id FROM identities WHERE token_id = $1 AND wallet = $2 AND status IN ${ACTIVE}`, [token.id, input.wallet]);
    if (existing.length) throw conflict("identity_exists", `Wallet ${input.wallet} is already registered for token '${token.id}' (${existing[0].id}).`, "wallet");
    const id = newId("idn");
    const identity = { id, tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, tokenId: token.id, registry, wallet: input.wallet, country: input.country.numeric };
    const write = await recordChainWrite(
      identityAddress ? { ...registerWrite(identity, identityAddress), request } : createWrite(scope, token, id, input.wallet, tenant, request),
      client,
    );
    const { rows } = await client.query(insertSql, [id, scope.tenantId, scope.livemode, token.id, token.network, registry, input.wallet, identityAddress, input.country.numeric, source, write.id]);
    return { row: rows[0] as Identity, write };
  });
  await wakeWallets([write]);
  return serializeIdentity(row);
}

export interface IdentityFilters {
  token_id?: string;
  status?: string;
  wallet?: string;
}

export async function listIdentities(scope: Scope, params: ListParams & IdentityFilters) {
  const where: Record<string, unknown> = { tenantId: scope.tenantId, livemode: scope.livemode };
  if (params.token_id) where.tokenId = params.token_id;
  if (params.status) where.status = params.status;
  if (params.wallet) where.wallet = params.wallet;
  const page = await paginate(db.identity, where, params, (row) => row);
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

/** Records a registry write about a registered identity and points the identity's `transaction` at it. */
async function submitRegistryWrite(identity: Identity, kind: ChainWrite["kind"], functionName: string, args: unknown[], request: Record<string, unknown>, effect: Record<string, unknown>, status?: string) {
  const { idempotency_key: _, ...shown } = request;
  const { row, write } = await transaction(async (client: Queryable) => {
    // Conditional, so a removal and another change cannot both pass the status check.
    const marked = await client.query(
      `UPDATE identities SET status = COALESCE($2, status), updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 AND status = 'registered'`,
      [identity.id, status ?? null],
    );
    if (!marked.rowCount) throw invalidRequest("identity_not_registered", `Identity '${identity.id}' is no longer registered.`, "id");
    const write = await recordChainWrite(
      {
        tenantId: identity.tenantId, livemode: identity.livemode, network: identity.network, tokenId: identity.tokenId, kind,
        // The registry it was registered in, even if the token has since moved to another one.
        to: identity.registry as Address, data: encodeFunctionData({ abi: irAbi(), functionName, args } as never),
        request: { identity: identity.id, wallet: identity.wallet, ...shown }, effect: { identity_id: identity.id, ...effect },
      },
      client,
    );
    const { rows } = await client.query(`UPDATE identities SET last_tx_id = $2 WHERE id = $1 RETURNING ${IDENTITY_COLUMNS}`, [identity.id, write.id]);
    return { row: rows[0] as Identity, write };
  });
  await wakeWallets([write]);
  return identityObject(row);
}

export async function updateIdentityAddress(scope: Scope, id: string, input: { identity_address: Address }) {
  const identity = await registeredIdentity(scope, id);
  return submitRegistryWrite(identity, "identity.update", "updateIdentity", [identity.wallet, input.identity_address], input, { identity_address: input.identity_address });
}

export async function updateIdentityCountry(scope: Scope, id: string, input: { country: Country }) {
  const identity = await registeredIdentity(scope, id);
  return submitRegistryWrite(identity, "identity.update_country", "updateCountry", [identity.wallet, input.country.numeric], { country: input.country.numeric }, { country: input.country.numeric });
}

export async function removeIdentity(scope: Scope, id: string) {
  const identity = await registeredIdentity(scope, id);
  return submitRegistryWrite(identity, "identity.remove", "deleteIdentity", [identity.wallet], {}, {}, "removing");
}
