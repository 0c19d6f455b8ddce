// Live on-chain reads of a regulated token's IdentityRegistry and IdentityRegistryStorage, and the
// storage's bind/unbind writes (owner-only: the tenant wallet owns the storage once the suite is deployed;
// if it does not, the chain's refusal ends the transaction `failed` with the decoded reason).
import { encodeFunctionData, getAddress, zeroAddress, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { readChain } from "@/lib/chain/network/read";
import { submitChainWrite } from "@/lib/chain/intake";
import type { Scope } from "@/lib/core/scope";
import { regulatedToken, type RegulatedToken } from "@/lib/trex/suite/service";
import { countryOf } from "@/lib/core/countries";

type Contract = "IdentityRegistry" | "IdentityRegistryStorage";

function read<T>(token: RegulatedToken, contract: Contract, functionName: string, args: unknown[] = []) {
  const address = contract === "IdentityRegistry" ? token.suite.identityRegistry : token.suite.identityRegistryStorage;
  return readChain<T>(token.network, address, artifact(contract).abi, functionName, args);
}

const orNull = (address: Address) => (address === zeroAddress ? null : getAddress(address));

async function registryRead(scope: Scope, tokenId: string) {
  const token = await regulatedToken(scope, tokenId);
  return { token, head: { token: token.id, identity_registry: token.suite.identityRegistry } };
}

export async function registryContains(scope: Scope, tokenId: string, address: Address) {
  const { token, head } = await registryRead(scope, tokenId);
  return { object: "identity_registry_contains" as const, ...head, address, contains: await read<boolean>(token, "IdentityRegistry", "contains", [address]) };
}

export async function registryCountry(scope: Scope, tokenId: string, address: Address) {
  const { token, head } = await registryRead(scope, tokenId);
  const numeric = await read<number>(token, "IdentityRegistry", "investorCountry", [address]);
  return { object: "identity_registry_country" as const, ...head, address, country: countryOf(Number(numeric)) };
}

export async function registryIdentity(scope: Scope, tokenId: string, address: Address) {
  const { token, head } = await registryRead(scope, tokenId);
  return { object: "identity_registry_identity" as const, ...head, address, identity: orNull(await read<Address>(token, "IdentityRegistry", "identity", [address])) };
}

export async function registryVerify(scope: Scope, tokenId: string, address: Address) {
  const { token, head } = await registryRead(scope, tokenId);
  return { object: "identity_registry_verification" as const, ...head, address, verified: await read<boolean>(token, "IdentityRegistry", "isVerified", [address]) };
}

export async function registryAddresses(scope: Scope, tokenId: string) {
  const { token, head } = await registryRead(scope, tokenId);
  const [storage, issuers, topics] = await Promise.all(
    ["identityStorage", "issuersRegistry", "topicsRegistry"].map((fn) => read<Address>(token, "IdentityRegistry", fn)),
  );
  return {
    object: "identity_registry_addresses" as const, ...head,
    identity_storage: getAddress(storage), issuers_registry: getAddress(issuers), topics_registry: getAddress(topics),
  };
}

async function storageRead(scope: Scope, tokenId: string) {
  const token = await regulatedToken(scope, tokenId);
  return { token, head: { token: token.id, identity_registry_storage: token.suite.identityRegistryStorage } };
}

export async function storedCountry(scope: Scope, tokenId: string, address: Address) {
  const { token, head } = await storageRead(scope, tokenId);
  const numeric = await read<number>(token, "IdentityRegistryStorage", "storedInvestorCountry", [address]);
  return { object: "identity_storage_country" as const, ...head, address, country: countryOf(Number(numeric)) };
}

export async function storedIdentity(scope: Scope, tokenId: string, address: Address) {
  const { token, head } = await storageRead(scope, tokenId);
  return { object: "identity_storage_identity" as const, ...head, address, identity: orNull(await read<Address>(token, "IdentityRegistryStorage", "storedIdentity", [address])) };
}

export async function linkedRegistries(scope: Scope, tokenId: string) {
  const { token, head } = await storageRead(scope, tokenId);
  const registries = await read<Address[]>(token, "IdentityRegistryStorage", "linkedIdentityRegistries");
  return { object: "identity_storage_linked_registries" as const, ...head, registries: registries.map((r) => getAddress(r)) };
}

export interface StorageBinding {
  token_id: string;
  identity_registry: Address;
  idempotency_key?: string;
}

async function storageWrite(scope: Scope, input: StorageBinding, bind: boolean) {
  const token = await regulatedToken(scope, input.token_id);
  const { idempotency_key: _, ...request } = input;
  return submitChainWrite({
    tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, tokenId: token.id,
    kind: bind ? "identity.storage.bind" : "identity.storage.unbind", to: token.suite.identityRegistryStorage,
    data: encodeFunctionData({
      abi: artifact("IdentityRegistryStorage").abi, functionName: bind ? "bindIdentityRegistry" : "unbindIdentityRegistry", args: [input.identity_registry],
    }),
    request: { ...request, identity_registry_storage: token.suite.identityRegistryStorage },
  });
}

export const bindRegistry = (scope: Scope, input: StorageBinding) => storageWrite(scope, input, true);
export const unbindRegistry = (scope: Scope, input: StorageBinding) => storageWrite(scope, input, false);
