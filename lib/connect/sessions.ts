// Connect session keys (onchain-modules 4.1): a time-limited, scoped signer of a smart account, enforced on
// chain by our SessionKeyValidator (contracts/connect/SessionKeyValidator.sol), a non-root Kernel v3.1
// validator. POST registers the session and answers the callData that puts it on chain (installModule the
// first time, then execute(addSession)); the owner signs and relays that user operation. GET reads the
// validator's storage to tell `awaiting_install` from `active`. DELETE marks it `revoked` at once (a
// server-held key is erased: the platform can no longer sign) and answers the revokeSession callData.
//
// Signatures: the session key signs personal_sign(userOpHash) (EIP-191 over the 32-byte hash); user
// operations use the nonce key 0x00 ++ 0x01 ++ validator ++ 0x0000 (validatorNonceKey).
// Times: valid_until/valid_after are Unix seconds checked against this server's clock (the bundler's
// expiry check uses wall-clock time too); the EntryPoint enforces them against block time.
import {
  ContractFunctionZeroDataError, encodeAbiParameters, encodeFunctionData, getAddress, isAddressEqual, maxUint128,
  parseAbiItem, toFunctionSelector, BaseError, type Address, type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { ApiError, conflict, invalidRequest, notFound } from "@/lib/api/errors";
import { newId, unixSeconds } from "@/lib/api/ids";
import { paginate } from "@/lib/api/pagination";
import { publicClient } from "@/lib/chain/clients";
import { chainUnavailable } from "@/lib/chain/read";
import { decryptPrivateKey, encryptPrivateKey } from "@/lib/chain/wallets";
import { abi as sessionKeyValidatorAbi } from "@/lib/chain/artifacts/compiled/SessionKeyValidator";
import type { ConnectAccount, ConnectSessionKey } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import { MAX_SESSION_DAYS, type SessionKeyInputT } from "@/lib/schemas/connect-sessions";
import type { Scope } from "@/lib/tokens/scope";
import { findAccount } from "./accounts";
import { connectBase } from "./local-setup";
import { installModuleCall, validatorNonceKey } from "./modules";
import { connectNetwork } from "./networks";
import { encodeKernelCalls } from "./ops";

/** A server-held session is offered for signing only while it stays valid this long (the bundler wants ≥ 5 s, plus inclusion). */
const SIGNING_MARGIN_SECONDS = 60;
const NO_DATA_SELECTOR: Hex = "0x00000000";

const now = () => Math.floor(Date.now() / 1000);
const sessionValidator = (): Address => connectBase().sessionKeyValidator;

interface OnChain {
  present: boolean;
  valid_after: number | null;
  valid_until: number | null;
  value_limit: string | null;
  validator_installed: boolean;
}

/** What the validator holds for (account, signer); a network without the validator holds nothing. */
async function readOnChain(record: Pick<ConnectSessionKey, "network" | "validatorAddress" | "account" | "signer">): Promise<OnChain> {
  const client = publicClient(record.network);
  const address = getAddress(record.validatorAddress);
  const account = getAddress(record.account);
  try {
    const [[present, validAfter, validUntil, valueLimit], installed] = await Promise.all([
      client.readContract({ address, abi: sessionKeyValidatorAbi, functionName: "sessionOf", args: [account, getAddress(record.signer)] }),
      client.readContract({ address, abi: sessionKeyValidatorAbi, functionName: "isInitialized", args: [account] }),
    ]);
    return {
      present,
      valid_after: present ? validAfter : null,
      valid_until: present ? validUntil : null,
      value_limit: present ? valueLimit.toString() : null,
      validator_installed: installed,
    };
  } catch (error) {
    const zeroData = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionZeroDataError);
    if (zeroData) return { present: false, valid_after: null, valid_until: null, value_limit: null, validator_installed: false };
    throw chainUnavailable(record.network);
  }
}

/** The chain holds exactly this record's session. */
const matches = (r: ConnectSessionKey, chain: OnChain) =>
  chain.present && BigInt(chain.valid_until!) === r.validUntil && BigInt(chain.valid_after!) === r.validAfter && chain.value_limit === r.valueLimit;

function statusOf(r: ConnectSessionKey, chain: OnChain): "awaiting_install" | "active" | "expired" | "revoked" {
  if (r.revokedAt) return "revoked";
  if (Number(r.validUntil) <= now()) return "expired";
  if (matches(r, chain)) return "active";
  return r.activatedAt ? "revoked" : "awaiting_install";
}

function serialize(r: ConnectSessionKey, chain: OnChain) {
  return {
    object: "session_key" as const,
    id: r.id,
    account: getAddress(r.account),
    chain_id: r.chainId,
    network: r.network,
    signer: getAddress(r.signer),
    server_held: r.serverHeld,
    name: r.name,
    validator: getAddress(r.validatorAddress),
    nonce_key: validatorNonceKey(r.validatorAddress).toString(),
    valid_after: Number(r.validAfter),
    valid_until: Number(r.validUntil),
    targets: r.targets.map((t) => getAddress(t)),
    selectors: r.selectors,
    value_limit: r.valueLimit,
    status: statusOf(r, chain),
    on_chain: chain,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
    activated: r.activatedAt ? unixSeconds(r.activatedAt) : null,
    revoked: r.revokedAt ? unixSeconds(r.revokedAt) : null,
  };
}

/** Reads the chain, records the first sight of the session there (awaiting_install → active), serializes. */
async function present(r: ConnectSessionKey) {
  const chain = await readOnChain(r);
  if (!r.activatedAt && !r.revokedAt && matches(r, chain)) {
    const activatedAt = new Date();
    await db.connectSessionKey.updateMany({ where: { id: r.id, activatedAt: null }, data: { activatedAt } });
    r = { ...r, activatedAt };
  }
  return serialize(r, chain);
}

function normalizeSelector(text: string, index: number): Hex {
  if (/^0x[0-9a-fA-F]{8}$/.test(text)) return text.toLowerCase() as Hex;
  try {
    const item = parseAbiItem(text.startsWith("function ") ? text : `function ${text}`);
    if (item.type !== "function") throw new Error("not a function");
    return toFunctionSelector(item);
  } catch {
    throw invalidRequest("parameter_invalid", `Invalid selectors[${index}]: not a function signature viem can parse (e.g. transfer(address,uint256))`, `selectors.${index}`);
  }
}

const addSessionData = (r: Pick<ConnectSessionKey, "signer" | "validAfter" | "validUntil" | "valueLimit" | "targets" | "selectors">) => ({
  args: [
    getAddress(r.signer),
    Number(r.validAfter),
    Number(r.validUntil),
    BigInt(r.valueLimit),
    r.targets.map((t) => getAddress(t)),
    r.selectors as Hex[],
  ] as const,
});

/** POST /v1/connect/sessions */
export async function createSession(scope: Scope, input: SessionKeyInputT) {
  connectNetwork(scope, input.chain_id);
  const account = await findAccount(scope, input.account, input.chain_id);
  const validator = sessionValidator();
  const t = now();
  if (input.valid_until <= t) throw invalidRequest("parameter_invalid", `valid_until must be in the future (now is ${t}).`, "valid_until");
  if (input.valid_until > t + MAX_SESSION_DAYS * 86_400) {
    throw invalidRequest("parameter_invalid", `valid_until may be at most ${MAX_SESSION_DAYS} days ahead (${t + MAX_SESSION_DAYS * 86_400}).`, "valid_until");
  }
  const validAfter = input.valid_after ?? 0;
  if (validAfter >= input.valid_until) throw invalidRequest("parameter_invalid", "valid_after must be before valid_until.", "valid_after");
  const valueLimit = BigInt(input.value_limit ?? "0");
  if (valueLimit > maxUint128) throw invalidRequest("parameter_invalid", "value_limit must be below 2^128.", "value_limit");
  const targets = [...new Set(input.targets.map((a) => a.toLowerCase()))];
  targets.forEach((target, i) => {
    if (isAddressEqual(target as Address, account.address as Address) || isAddressEqual(target as Address, validator)) {
      throw invalidRequest("parameter_invalid", `Invalid targets[${i}]: a session may not call the account itself or the session validator.`, `targets.${i}`);
    }
  });
  const selectors = [...new Set(input.selectors.map(normalizeSelector))];

  let signer: string;
  let encryptedKey: string | null = null;
  if (input.signer) {
    signer = input.signer.toLowerCase();
    if (isAddressEqual(signer as Address, account.address as Address)) throw invalidRequest("parameter_invalid", "signer must be a key, not the account itself.", "signer");
    const live = await db.connectSessionKey.findFirst({
      where: { tenantId: scope.tenantId, livemode: scope.livemode, accountId: account.id, signer, revokedAt: null, validUntil: { gt: BigInt(t) } },
    });
    if (live) {
      throw conflict("session_key_exists", `The account already has a session for signer ${getAddress(signer)} (${live.id}): revoke it first (DELETE …/sessions/${live.id}).`, "signer");
    }
  } else {
    const key = generatePrivateKey();
    signer = privateKeyToAccount(key).address.toLowerCase();
    encryptedKey = encryptPrivateKey(key);
  }

  const record = await db.connectSessionKey.create({
    data: {
      id: newId("ses"),
      tenantId: scope.tenantId,
      livemode: scope.livemode,
      accountId: account.id,
      chainId: account.chainId,
      network: account.network,
      account: account.address,
      signer,
      validatorAddress: validator.toLowerCase(),
      serverHeld: encryptedKey !== null,
      encryptedKey,
      name: input.name ?? null,
      validAfter: BigInt(validAfter),
      validUntil: BigInt(input.valid_until),
      targets,
      selectors,
      valueLimit: valueLimit.toString(),
    },
  });
  const chain = await readOnChain(record);
  const { args } = addSessionData(record);
  if (chain.validator_installed) {
    const data = encodeFunctionData({ abi: sessionKeyValidatorAbi, functionName: "addSession", args });
    return {
      ...serialize(record, chain),
      install_action: "add_session" as const,
      install_call_data: encodeKernelCalls([{ to: validator, data }]),
      install_call: { to: validator, value: "0", data },
    };
  }
  const initData = encodeAbiParameters(
    [{ type: "address" }, { type: "uint48" }, { type: "uint48" }, { type: "uint128" }, { type: "address[]" }, { type: "bytes4[]" }],
    args,
  );
  const install = await installModuleCall(scope, { account: account.address, chain_id: account.chainId, module_type: 1, module: validator, data: initData });
  return {
    ...serialize(record, chain),
    install_action: "install_module" as const,
    install_call_data: install.call_data,
    install_call: { to: getAddress(account.address), value: "0", data: install.call_data },
  };
}

/** The tenant's accounts at `address` (on `chainId` when given), or 404. */
async function accountsAt(scope: Scope, address: string, chainId?: string): Promise<ConnectAccount[]> {
  const accounts = await db.connectAccount.findMany({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, address: address.toLowerCase(), ...(chainId ? { chainId } : {}) },
  });
  if (!accounts.length) throw notFound("connect account", address);
  return accounts;
}

/** GET /v1/connect/accounts/{address}/sessions */
export async function listSessions(scope: Scope, address: string, query: ListParams & { chain_id?: string }) {
  const accounts = await accountsAt(scope, address, query.chain_id);
  const page = await paginate(
    db.connectSessionKey,
    { tenantId: scope.tenantId, livemode: scope.livemode, accountId: { in: accounts.map((a) => a.id) } },
    query,
    (r) => r,
  );
  return { ...page, data: await Promise.all(page.data.map(present)) };
}

/** DELETE /v1/connect/accounts/{address}/sessions/{sessionKeyId}: revoked at once; the callData removes it on chain. */
export async function revokeSession(scope: Scope, address: string, id: string, chainId?: string) {
  const accounts = await accountsAt(scope, address, chainId);
  const found = await db.connectSessionKey.findFirst({
    where: { id, tenantId: scope.tenantId, livemode: scope.livemode, accountId: { in: accounts.map((a) => a.id) } },
  });
  if (!found) throw notFound("session key", id);
  await db.connectSessionKey.updateMany({ where: { id: found.id, revokedAt: null }, data: { revokedAt: new Date(), encryptedKey: null } });
  const record = await db.connectSessionKey.findUniqueOrThrow({ where: { id: found.id } });
  const data = encodeFunctionData({ abi: sessionKeyValidatorAbi, functionName: "revokeSession", args: [getAddress(record.signer)] });
  const validator = getAddress(record.validatorAddress);
  return {
    ...(await present(record)),
    revoke_call_data: encodeKernelCalls([{ to: validator, data }]),
    revoke_call: { to: validator, value: "0", data },
  };
}

export interface SessionSigner {
  sessionKeyId: string;
  validator: Address;
  /** Key of the user operation's nonce (EntryPoint getNonce(account, nonceKey)). */
  nonceKey: bigint;
  /** personal_sign(userOpHash) with the server-held key, read and decrypted at the moment of signing. */
  sign(userOpHash: Hex): Promise<Hex>;
}

/**
 * A server-held, active, unexpired session of the account whose scope covers `call`, so a connect-mode
 * write can be signed without the owner; null when there is none. "Active" is read from chain.
 */
export async function sessionSignerFor(
  scope: Scope,
  account: { address: string; chainId: string },
  call: { to: string; value?: bigint; data?: Hex },
): Promise<SessionSigner | null> {
  const t = now();
  const value = call.value ?? 0n;
  const data = call.data ?? "0x";
  if (data.length > 2 && data.length < 10) return null;
  const selector = (data.length >= 10 ? data.slice(0, 10).toLowerCase() : NO_DATA_SELECTOR) as Hex;
  const to = call.to.toLowerCase();
  if (to === account.address.toLowerCase()) return null;
  const candidates = await db.connectSessionKey.findMany({
    where: {
      tenantId: scope.tenantId,
      livemode: scope.livemode,
      account: account.address.toLowerCase(),
      chainId: account.chainId,
      serverHeld: true,
      encryptedKey: { not: null },
      revokedAt: null,
      validAfter: { lte: BigInt(t) },
      validUntil: { gt: BigInt(t + SIGNING_MARGIN_SECONDS) },
      targets: { has: to },
      selectors: { has: selector },
    },
    orderBy: { id: "desc" },
  });
  for (const candidate of candidates) {
    if (BigInt(candidate.valueLimit) < value || to === candidate.validatorAddress) continue;
    if (!matches(candidate, await readOnChain(candidate))) continue;
    const validator = getAddress(candidate.validatorAddress);
    return {
      sessionKeyId: candidate.id,
      validator,
      nonceKey: validatorNonceKey(validator),
      async sign(userOpHash: Hex) {
        const current = await db.connectSessionKey.findFirst({ where: { id: candidate.id, revokedAt: null }, select: { encryptedKey: true } });
        if (!current?.encryptedKey) throw new ApiError(400, "invalid_request_error", "session_key_revoked", `Session key ${candidate.id} was revoked.`);
        return privateKeyToAccount(decryptPrivateKey(current.encryptedKey)).signMessage({ message: { raw: userOpHash } });
      },
    };
  }
  return null;
}
