// Connect accounts: one Kernel v3.1 smart account per tenant, mode, signer and chain. Registering computes
// the counterfactual address with the factory (an eth_call); the first user operation deploys it (its
// factory + factoryData). Details and module checks are read from chain.
import { concatHex, encodeAbiParameters, encodeFunctionData, getAddress, keccak256, zeroAddress, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { invalidRequest, notFound } from "@/lib/core/errors";
import { unixSeconds } from "@/lib/core/ids";
import { paginate } from "@/lib/core/pagination";
import { publicClient } from "@/lib/chain/network/clients";
import type { ConnectAccount } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import type { Scope } from "@/lib/core/scope";
import { entryPointAbi, kernelAbi, kernelFactoryAbi } from "@/lib/connect/accounts/kernel-artifacts";
import { connectId, connectNetwork, requireKernel } from "@/lib/connect/accounts/networks";
import { passkeyInstallData, passkeyKeyId, resolvePasskeyKey } from "@/lib/connect/accounts/passkey";

/**
 * The factory salt of the tenant's accounts in this mode. The factory is global and the address follows
 * from (init data, salt) alone, so a salt per tenant and mode keeps two tenants with the same signer (or
 * test and live) from sharing one account, its nonces and its run. A row keeps the salt it was stored with.
 */
export const accountSalt = (scope: Scope): Hex =>
  keccak256(encodeAbiParameters([{ type: "string" }, { type: "string" }, { type: "bool" }], ["token-platform/connect-account/v1", scope.tenantId, scope.livemode]));

/** Kernel's ValidationType for a plain validator module, the first byte of a ValidationId. */
const VALIDATION_TYPE_VALIDATOR: Hex = "0x01";

/** Kernel's nonce key for the root validator: mode 0x00, type 0x00 (root), the validator, key 0x0000. */
export const rootNonceKey = (validator: Address) => BigInt(concatHex(["0x0000", validator, "0x0000"]));

export function serializeAccount(a: ConnectAccount) {
  return {
    object: "connect_account" as const,
    id: a.id,
    address: getAddress(a.address),
    signer: getAddress(a.signer),
    chain_id: a.chainId,
    network: a.network,
    validator: a.validator,
    validator_address: getAddress(a.validatorAddress),
    factory_address: getAddress(a.factoryAddress),
    entry_point: getAddress(a.entryPoint),
    salt: a.salt,
    factory_data: encodeFunctionData({ abi: kernelFactoryAbi, functionName: "createAccount", args: [a.initData as Hex, a.salt as Hex] }),
    livemode: a.livemode,
    created: unixSeconds(a.createdAt),
  };
}

/**
 * Kernel.initialize(rootValidator = 0x01 ++ validator, no hook, validatorData, 0x, []): validatorData is the
 * owner (20 bytes) for the ECDSA validator, abi.encode(x, y, requireUV) for the passkey validator.
 */
export function kernelInitData(validator: Address, validatorData: Hex): Hex {
  return encodeFunctionData({
    abi: kernelAbi,
    functionName: "initialize",
    args: [concatHex([VALIDATION_TYPE_VALIDATOR, validator]), zeroAddress, validatorData, "0x", []],
  });
}

export interface RegisterAccountInput {
  chain_id: string;
  /** `ecdsa` (default): `signer` is the owner's address. `passkey`: the key from `credential_id` or `public_key_x`/`public_key_y`. */
  validator?: "ecdsa" | "passkey";
  signer?: string;
  credential_id?: string;
  public_key_x?: string;
  public_key_y?: string;
}

/** The root validator, its install data and the account's signer (a passkey account's signer is its key id). */
async function rootValidator(scope: Scope, input: RegisterAccountInput, base: ReturnType<typeof requireKernel>) {
  if (input.validator === "passkey") {
    if (input.signer) throw invalidRequest("parameter_invalid", "A passkey account takes credential_id or public_key_x + public_key_y, not signer.", "signer");
    const key = await resolvePasskeyKey(scope, input);
    return { validator: "passkey", address: base.passkeyValidator, data: passkeyInstallData(key), signer: passkeyKeyId(key).toLowerCase() };
  }
  if (!input.signer) throw invalidRequest("parameter_missing", "Missing required parameter: signer", "signer");
  for (const param of ["credential_id", "public_key_x", "public_key_y"] as const) {
    if (input[param]) throw invalidRequest("parameter_invalid", `${param} is for validator "passkey" only.`, param);
  }
  const signer = input.signer.toLowerCase();
  return { validator: "ecdsa", address: base.ecdsaValidator, data: getAddress(signer) as Hex, signer };
}

/** The account `input` names: its row if registered, else its counterfactual address and what registering stores. */
async function resolveAccount(scope: Scope, input: RegisterAccountInput) {
  const network = connectNetwork(scope, input.chain_id);
  const base = requireKernel();
  const root = await rootValidator(scope, input, base);
  const where = { tenantId_livemode_signer_chainId: { tenantId: scope.tenantId, livemode: scope.livemode, signer: root.signer, chainId: input.chain_id } };
  const existing = await db.connectAccount.findUnique({ where });
  if (existing) return { where, existing } as const;
  const initData = kernelInitData(root.address, root.data);
  const salt = accountSalt(scope);
  const address = await publicClient(network.name).readContract({
    address: base.kernelFactory,
    abi: kernelFactoryAbi,
    functionName: "getAddress",
    args: [initData, salt],
  });
  return { where, network, base, root, initData, salt, address } as const;
}

/** The address of the account `input` names, without registering it (a read: GET /v1/settings/wallet-mode). */
export async function predictAccountAddress(scope: Scope, input: RegisterAccountInput): Promise<Address> {
  const account = await resolveAccount(scope, input);
  return getAddress(account.existing ? account.existing.address : account.address);
}

export async function registerAccount(scope: Scope, input: RegisterAccountInput) {
  const account = await resolveAccount(scope, input);
  if (account.existing) return serializeAccount(account.existing);
  const { where, network, base, root, initData, salt, address } = account;
  // Two concurrent registrations of the same signer and chain: one row wins, both answer with it.
  await db.connectAccount.createMany({
    data: [{
      id: connectId("ca"),
      tenantId: scope.tenantId,
      livemode: scope.livemode,
      network: network.name,
      chainId: input.chain_id,
      address: address.toLowerCase(),
      signer: root.signer,
      validator: root.validator,
      validatorAddress: root.address.toLowerCase(),
      factoryAddress: base.kernelFactory.toLowerCase(),
      entryPoint: base.entryPoint.toLowerCase(),
      salt,
      initData,
    }],
    skipDuplicates: true,
  });
  return serializeAccount(await db.connectAccount.findUniqueOrThrow({ where }));
}

export async function listAccounts(scope: Scope, query: ListParams & { chain_id?: string }) {
  const where = { tenantId: scope.tenantId, livemode: scope.livemode, ...(query.chain_id ? { chainId: query.chain_id } : {}) };
  return paginate(db.connectAccount, where, query, serializeAccount);
}

/** The tenant's account at this address (on `chainId`, or the latest registered); 404 otherwise. */
/** Every registration of the account at `address` (one per chain, or the one on `chainId`); 404 when none. */
export async function accountsAt(scope: Scope, address: string, chainId?: string): Promise<ConnectAccount[]> {
  const accounts = await db.connectAccount.findMany({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, address: address.toLowerCase(), ...(chainId ? { chainId } : {}) },
  });
  if (!accounts.length) throw notFound("connect account", address);
  return accounts;
}

export async function findAccount(scope: Scope, address: string, chainId?: string): Promise<ConnectAccount> {
  const account = await db.connectAccount.findFirst({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, address: address.toLowerCase(), ...(chainId ? { chainId } : {}) },
    orderBy: { id: "desc" },
  });
  if (!account) throw notFound("connect account", address);
  return account;
}

export async function accountDetails(scope: Scope, address: string, chainId?: string) {
  const account = await findAccount(scope, address, chainId);
  const client = publicClient(account.network);
  const at = getAddress(account.address);
  const [code, balance, nonce] = await Promise.all([
    client.getCode({ address: at }),
    client.getBalance({ address: at }),
    client.readContract({ address: getAddress(account.entryPoint), abi: entryPointAbi, functionName: "getNonce", args: [at, rootNonceKey(getAddress(account.validatorAddress))] }),
  ]);
  return { ...serializeAccount(account), deployed: Boolean(code && code !== "0x"), balance: balance.toString(), nonce: nonce.toString() };
}

export async function moduleInstalled(
  scope: Scope,
  address: string,
  query: { chain_id?: string; module_type: number; module: string; context?: string },
) {
  const account = await findAccount(scope, address, query.chain_id);
  const client = publicClient(account.network);
  const at = getAddress(account.address);
  const code = await client.getCode({ address: at });
  // An undeployed account has no modules yet (its root validator is installed by the first operation).
  const installed =
    Boolean(code && code !== "0x") &&
    (await client.readContract({
      address: at,
      abi: kernelAbi,
      functionName: "isModuleInstalled",
      args: [BigInt(query.module_type), getAddress(query.module), (query.context ?? "0x") as Hex],
    }).catch(() => false)); // a context the account cannot decode reverts: not installed
  return {
    object: "module_installation" as const,
    account: at,
    chain_id: account.chainId,
    module_type: query.module_type,
    module: getAddress(query.module),
    installed,
  };
}
