// Paymasters of Connect (onchain-modules 4.1): a deployed verifying paymaster and the key that signs its
// paymasterAndData for sponsored user operations. The key arrives as a keystore V3 plus password
// (preferred; decrypted in memory) or, deprecated, as a raw private key; it is stored only encrypted
// (lib/crypto/secrets encryptPrivateKey) and never logged or returned. Registration checks the chain:
// the contract must exist, and when it exposes verifyingSigner() that must be the key's address.
// One paymaster per tenant, mode, chain and address: a second registration is 409 while it is active;
// a deactivated one is registered again with the new key. DELETE deactivates (the deposit stays).
import { requireFeature } from "@/lib/features/service";
import { getAddress, parseAbi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { ApiError, conflict, invalidRequest } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import { paginate } from "@/lib/core/pagination";
import { publicClient } from "@/lib/chain/network/clients";
import { networkByChainId } from "@/lib/chain/network/networks";
import { connectNetwork } from "@/lib/connect/accounts/networks";
import { decryptPrivateKey, encryptPrivateKey } from "@/lib/crypto/secrets";
import type { ConnectPaymaster } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import type { Scope } from "@/lib/core/scope";
import { decryptKeystore } from "@/lib/connect/paymasters/keystore";
import { findScoped } from "@/lib/chain/intake/resource-rows";

export interface PaymasterInput {
  address: string;
  chain_id: string;
  name?: string;
  keystore_json?: string | Record<string, unknown>;
  keystore_password?: string;
  signer_private_key?: string;
}

const verifyingPaymasterAbi = parseAbi(["function verifyingSigner() view returns (address)"]);

export const DEPRECATED_KEY_WARNING = '299 - "signer_private_key is deprecated (removal date 2026-09-01): send keystore_json and keystore_password"';

async function signerOf(input: PaymasterInput): Promise<{ privateKey: Hex; address: Hex }> {
  const keystore = input.keystore_json !== undefined || input.keystore_password !== undefined;
  if (keystore && input.signer_private_key !== undefined) {
    throw invalidRequest("parameter_invalid", "Send keystore_json + keystore_password or signer_private_key, not both.", "signer_private_key");
  }
  if (keystore) {
    if (input.keystore_json === undefined) throw invalidRequest("parameter_missing", "Missing required parameter: keystore_json", "keystore_json");
    if (input.keystore_password === undefined) throw invalidRequest("parameter_missing", "Missing required parameter: keystore_password", "keystore_password");
    return decryptKeystore(input.keystore_json, input.keystore_password);
  }
  if (input.signer_private_key === undefined) {
    throw invalidRequest("parameter_missing", "Missing required parameter: keystore_json and keystore_password (or the deprecated signer_private_key)", "keystore_json");
  }
  const privateKey = (input.signer_private_key.startsWith("0x") ? input.signer_private_key : `0x${input.signer_private_key}`).toLowerCase() as Hex;
  try {
    return { privateKey, address: privateKeyToAccount(privateKey).address };
  } catch {
    throw invalidRequest("parameter_invalid", "Invalid signer_private_key: not a valid secp256k1 private key", "signer_private_key");
  }
}

/** The contract exists, and its verifyingSigner() (when it has one) is the signer. */
async function checkContract(networkName: string, address: Hex, signer: Hex) {
  const client = publicClient(networkName);
  let code: Hex | undefined;
  try {
    code = await client.getCode({ address });
  } catch {
    throw new ApiError(502, "api_error", "chain_unavailable", `The ${networkName} RPC could not be reached to check the paymaster; retry shortly.`);
  }
  if (!code || code === "0x") throw invalidRequest("paymaster_not_deployed", `No contract is deployed at ${address} on ${networkName}.`, "address");
  const onChain = await client.readContract({ address, abi: verifyingPaymasterAbi, functionName: "verifyingSigner" }).catch(() => null);
  if (onChain && getAddress(onChain) !== getAddress(signer)) {
    throw invalidRequest("paymaster_signer_mismatch", `The paymaster's verifyingSigner is ${getAddress(onChain)}, not the given key's address ${getAddress(signer)}.`, "address");
  }
}

export function serializePaymaster(p: ConnectPaymaster) {
  return {
    object: "paymaster" as const,
    id: p.id,
    address: getAddress(p.address),
    chain_id: p.chainId,
    network: networkByChainId(p.chainId)?.name ?? "unknown",
    signer_address: getAddress(p.signerAddress),
    name: p.name,
    active: p.active,
    deactivated: p.deactivatedAt ? unixSeconds(p.deactivatedAt) : null,
    livemode: p.livemode,
    created: unixSeconds(p.createdAt),
  };
}

export async function registerPaymaster(scope: Scope, input: PaymasterInput) {
  await requireFeature(scope, "paymasters"); // gas sponsorship is a tenant feature (lib/schemas/feature-flags.ts)
  const network = connectNetwork(scope, input.chain_id);
  const signer = await signerOf(input);
  const address = getAddress(input.address);
  await checkContract(network.name, address, signer.address);

  const key = { tenantId: scope.tenantId, livemode: scope.livemode, chainId: input.chain_id, address: address.toLowerCase() };
  // The answer commits with the row (lib/db/answer-once): a retry after a failure past the commit replays it, not 409.
  return createOnce("paymaster", async (tx) => {
    const existing = await tx.connectPaymaster.findUnique({ where: { tenantId_livemode_chainId_address: key } });
    if (existing?.active) throw conflict("paymaster_exists", `Paymaster ${address} on chain ${input.chain_id} is already registered (${existing.id}).`, "address");
    const data = { signerAddress: signer.address.toLowerCase(), encryptedKey: encryptPrivateKey(signer.privateKey), name: input.name ?? null, active: true, deactivatedAt: null };
    if (existing) {
      const { count } = await tx.connectPaymaster.updateMany({ where: { id: existing.id, tenantId: scope.tenantId, active: false }, data });
      if (!count) throw conflict("paymaster_exists", `Paymaster ${address} on chain ${input.chain_id} was registered concurrently.`, "address");
      return serializePaymaster(await tx.connectPaymaster.findUniqueOrThrow({ where: { id: existing.id } }));
    }
    const id = newId("pm");
    const { count } = await tx.connectPaymaster.createMany({ data: [{ id, ...key, ...data }], skipDuplicates: true });
    if (!count) throw conflict("paymaster_exists", `Paymaster ${address} on chain ${input.chain_id} was registered concurrently.`, "address");
    return serializePaymaster(await tx.connectPaymaster.findUniqueOrThrow({ where: { id } }));
  });
}

export const listPaymasters = (scope: Scope, query: ListParams) =>
  paginate(db.connectPaymaster, { tenantId: scope.tenantId, livemode: scope.livemode }, query, serializePaymaster);

const findPaymaster = (scope: Scope, id: string) => findScoped(db.connectPaymaster, scope, id, "paymaster");

export const getPaymaster = async (scope: Scope, id: string) => serializePaymaster(await findPaymaster(scope, id));

export async function deactivatePaymaster(scope: Scope, id: string) {
  const p = await findPaymaster(scope, id);
  if (!p.active) return serializePaymaster(p);
  await db.connectPaymaster.updateMany({ where: { id, tenantId: scope.tenantId, active: true }, data: { active: false, deactivatedAt: new Date() } });
  return serializePaymaster(await findPaymaster(scope, id));
}

/** For the relay: the signing account of the tenant's active paymaster at `address` on `chainId`, or null. */
export async function paymasterSigner(scope: Scope, chainId: string, address: string) {
  const p = await db.connectPaymaster.findFirst({ where: { tenantId: scope.tenantId, livemode: scope.livemode, chainId, address: address.toLowerCase(), active: true } });
  return p ? privateKeyToAccount(decryptPrivateKey(p.encryptedKey)) : null;
}
