// Multisigs (spec document 2, 4.2): Safe 1.4.1 proxies deployed through the SafeProxyFactory by the tenant's
// acting account, at an address predicted before anything is sent, and read on chain. Their Safe
// transactions and owner changes are in ./transactions.
import {
  concatHex, encodeAbiParameters, encodeFunctionData, getAddress, getContractAddress, hexToBigInt, keccak256, numberToHex, pad, zeroAddress, type Address, type Hex,
} from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { invalidRequest, notDeployed } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { networkFor } from "@/lib/chain/network/networks";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";
import { writeOnce } from "@/lib/chain/intake";
import { findScoped, listScoped } from "@/lib/chain/intake/resource-rows";
import type { Multisig } from "@/lib/generated/prisma/client";
import type { CreateMultisigInput, ListMultisigsQuery, PredictAddressQuery } from "@/lib/schemas/multisig";
import type { Scope } from "@/lib/core/scope";
import { safeBase } from "./base";
import type { MultisigEffect } from "./effects";
import { MULTISIG_COLUMNS, multisigId, serializeMultisig } from "./records";
import { factoryAbi, FALLBACK_HANDLER_SLOT, safeAbi, SENTINEL } from "./safe-tx";

export type DeployedMultisig = Multisig & { address: Address };

export const findMultisig = (scope: Scope, id: string) => findScoped(db.multisig, scope, id, "multisig");

/** A multisig whose proxy exists: the one the Safe transactions and on-chain reads need. */
export async function deployedMultisig(scope: Scope, id: string): Promise<DeployedMultisig> {
  const row = await findMultisig(scope, id);
  if (row.status !== "active") throw notDeployed("multisig_not_deployed", "Multisig", row, { ready: "'active'" });
  return row as DeployedMultisig;
}

export const readSafe = <T>(row: { network: string; address: string }, functionName: string, args: readonly unknown[] = []) =>
  readChain<T>(row.network, row.address as Address, safeAbi(), functionName, args);

async function hasCode(network: string, address: Address) {
  const code = await publicClient(network).getCode({ address }).catch(() => {
    throw chainUnavailable(network);
  });
  return !!code && code !== "0x";
}

/** The on-chain saltNonce: the caller's salt_nonce bound to the tenant and mode, so no other tenant can take (or block) the address. */
export const chainSaltNonce = (scope: Scope, saltNonce: string | number | bigint) =>
  hexToBigInt(keccak256(encodeAbiParameters(
    [{ type: "string" }, { type: "string" }, { type: "bool" }, { type: "uint256" }],
    ["token-platform multisig", scope.tenantId, scope.livemode, BigInt(saltNonce)],
  )));

interface Contracts {
  singleton: Address;
  proxyFactory: Address;
  fallbackHandler: Address;
}

/** Safe.setup(owners, threshold, no module call, fallback handler, no payment). */
const initializer = (owners: Address[], threshold: number, fallbackHandler: Address) =>
  encodeFunctionData({ abi: safeAbi(), functionName: "setup", args: [owners, BigInt(threshold), zeroAddress, "0x", fallbackHandler, zeroAddress, 0n, zeroAddress] });

// A tenant may name any factory, so the cache is bounded: least recently used first out (a Map keeps insertion order).
const CREATION_CODES_MAX = 64;
const creationCodes = new Map<string, Promise<Hex>>();
/** The factory's proxyCreationCode() (read once per factory: an overriding factory may carry another proxy). */
export function proxyCreationCode(network: string, factory: Address) {
  const key = `${network}:${factory}`;
  let code = creationCodes.get(key);
  if (code) creationCodes.delete(key); // re-inserted below as the most recently used
  else {
    code = readChain<Hex>(network, factory, factoryAbi(), "proxyCreationCode");
    code.catch(() => creationCodes.delete(key));
  }
  creationCodes.set(key, code);
  if (creationCodes.size > CREATION_CODES_MAX) creationCodes.delete(creationCodes.keys().next().value!);
  return code;
}
export const cachedCreationCodes = () => creationCodes.size;

/** SafeProxyFactory.createProxyWithNonce's CREATE2 address. */
async function predict(network: string, c: Contracts, owners: Address[], threshold: number, saltNonce: bigint) {
  const init = initializer(owners, threshold, c.fallbackHandler);
  const salt = keccak256(concatHex([keccak256(init), pad(numberToHex(saltNonce), { size: 32 })]));
  const bytecode = concatHex([await proxyCreationCode(network, c.proxyFactory), pad(c.singleton, { size: 32 })]);
  return { address: getContractAddress({ opcode: "CREATE2", from: c.proxyFactory, salt, bytecode }), initializer: init };
}

/** Owners and threshold as Safe.setup accepts them; 400 (naming the Safe's code) otherwise. */
function checkedOwners(list: string[], threshold: number): Address[] {
  const owners = list.map((o) => getAddress(o));
  const seen = new Set<string>();
  for (const owner of owners) {
    if (owner === zeroAddress || owner === SENTINEL) throw invalidRequest("GS203", `GS203: Invalid owner address provided: ${owner} cannot be an owner.`, "owners");
    if (seen.has(owner)) throw invalidRequest("GS204", `GS204: Address is already an owner: ${owner} appears twice.`, "owners");
    seen.add(owner);
  }
  if (threshold > owners.length) throw invalidRequest("GS201", `GS201: Threshold cannot exceed owner count (${owners.length}).`, "threshold");
  return owners;
}

async function contractsFor(network: string, input: { safe_singleton_address?: string; safe_proxy_factory_address?: string }): Promise<Contracts> {
  const base = safeBase(network);
  const singleton = input.safe_singleton_address ? getAddress(input.safe_singleton_address) : base.singleton;
  const proxyFactory = input.safe_proxy_factory_address ? getAddress(input.safe_proxy_factory_address) : base.proxyFactory;
  for (const [address, param] of [[singleton, "safe_singleton_address"], [proxyFactory, "safe_proxy_factory_address"]] as const) {
    if (!(await hasCode(network, address))) throw invalidRequest("no_contract", `No contract at ${param} ${address} on ${network}.`, param);
  }
  return { singleton, proxyFactory, fallbackHandler: base.fallbackHandler };
}

const insertSql = `INSERT INTO multisigs (id, tenant_id, livemode, network, name, owners, threshold, salt_nonce, singleton, proxy_factory, fallback_handler,
    address, status, deploy_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'deploying', $13, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
  RETURNING ${MULTISIG_COLUMNS}`;

export async function createMultisig(scope: Scope, input: z.output<typeof CreateMultisigInput>) {
  const owners = checkedOwners(input.owners, input.threshold);
  const network = networkFor(input.network, scope.livemode);
  return writeOnce({
    async check() {
      const contracts = await contractsFor(network.name, input);
      const saltNonce = input.salt_nonce ?? Math.floor(Math.random() * 2 ** 48);
      const { address, initializer: init } = await predict(network.name, contracts, owners, input.threshold, chainSaltNonce(scope, saltNonce));
      const taken = await db.multisig.findFirst({ where: { network: network.name, address, status: { not: "failed" } }, select: { id: true } });
      if (taken || (await hasCode(network.name, address))) {
        throw invalidRequest("multisig_exists", `A Safe with these owners, threshold and salt_nonce ${saltNonce} already exists (or is being deployed) at ${address}; choose another salt_nonce.`, "salt_nonce");
      }
      return { contracts, saltNonce, address, init };
    },
    async record(tx, { contracts, saltNonce, address, init }) {
      const id = multisigId();
      const { idempotency_key: _, ...request } = input;
      const effect: MultisigEffect = { multisig: id, address };
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: network.name, kind: "multisig.deploy", to: contracts.proxyFactory,
        data: encodeFunctionData({ abi: factoryAbi(), functionName: "createProxyWithNonce", args: [contracts.singleton, init, chainSaltNonce(scope, saltNonce)] }),
        request: { ...request, salt_nonce: saltNonce, multisig: id, address }, effect: { ...effect },
      });
      const { rows } = await tx.client.query(insertSql, [
        id, scope.tenantId, scope.livemode, network.name, input.name, owners, input.threshold, String(saltNonce), contracts.singleton, contracts.proxyFactory,
        contracts.fallbackHandler, address, write.id,
      ]);
      return serializeMultisig(rows[0] as Multisig);
    },
    find: async ([write]) => serializeMultisig(await db.multisig.findFirstOrThrow({ where: { deployTxId: write.id } })),
  });
}

export const listMultisigs = (scope: Scope, params: z.output<typeof ListMultisigsQuery>) => listScoped(db.multisig, scope, params, serializeMultisig);

/** The record with what the chain says now (null until the proxy exists). */
export async function getMultisig(scope: Scope, id: string) {
  const row = await findMultisig(scope, id);
  const record = serializeMultisig(row);
  if (row.status !== "active") return { ...record, on_chain: null };
  const [owners, threshold, nonce, version, modules, handler] = await Promise.all([
    readSafe<Address[]>(row, "getOwners"),
    readSafe<bigint>(row, "getThreshold"),
    readSafe<bigint>(row, "nonce"),
    readSafe<string>(row, "VERSION"),
    readSafe<[Address[], Address]>(row, "getModulesPaginated", [SENTINEL, 100n]),
    publicClient(row.network).getStorageAt({ address: row.address as Address, slot: FALLBACK_HANDLER_SLOT }).catch(() => {
      throw chainUnavailable(row.network);
    }),
  ]);
  return {
    ...record,
    on_chain: {
      owners: owners.map((o) => getAddress(o)),
      threshold: Number(threshold),
      nonce: Number(nonce),
      version,
      modules: modules[0].map((m) => getAddress(m)),
      fallback_handler: handler && hexToBigInt(handler) ? getAddress(`0x${handler.slice(-40)}`) : null,
    },
  };
}

export async function predictAddress(scope: Scope, id: string, query: z.output<typeof PredictAddressQuery>) {
  const row = await findMultisig(scope, id);
  const owners = checkedOwners(query.owners, query.threshold);
  const contracts = { singleton: row.singleton as Address, proxyFactory: row.proxyFactory as Address, fallbackHandler: row.fallbackHandler as Address };
  const { address } = await predict(row.network, contracts, owners, query.threshold, chainSaltNonce(scope, query.salt_nonce));
  return {
    object: "multisig_address_prediction" as const,
    address,
    network: row.network,
    owners,
    threshold: query.threshold,
    salt_nonce: String(query.salt_nonce),
    safe_singleton_address: contracts.singleton,
    safe_proxy_factory_address: contracts.proxyFactory,
    deployed: await hasCode(row.network, address),
  };
}
