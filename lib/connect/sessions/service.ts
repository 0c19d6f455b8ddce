// Connect session keys (onchain-modules 4.1): a time-limited, scoped signer of a smart account, enforced on
// chain by our SessionKeyValidator (contracts/connect/SessionKeyValidator.sol), a non-root Kernel v3.1
// validator. POST registers the session and answers the callData that puts it on chain (installModule the
// first time, then execute(addSession)); the owner signs and relays that user operation. GET reads the
// validator's storage to tell `awaiting_install` from `active`. DELETE marks it `revoked` at once (a
// server-held key is erased: the platform can no longer sign) and answers the revokeSession callData.
//
// Scope: a list of (target, selector) pairs, a value limit per call, a gas limit per operation and a
// paymaster allowance (any, none, or one paymaster), enforced by the validator on chain and checked here
// before a server-held key signs (sessionSignerFor: it signs only operations this platform built and
// stored, after checking their call, gas and paymaster against the session).
//
// Signatures: the session key signs personal_sign(userOpHash) (EIP-191 over the 32-byte hash); user
// operations use the nonce key 0x00 ++ 0x01 ++ validator ++ 0x0000 (validatorNonceKey).
// Times: valid_until/valid_after are Unix seconds checked against this server's clock (the bundler's
// expiry check uses wall-clock time too); the EntryPoint enforces them against block time.
import {
  ContractFunctionZeroDataError, encodeAbiParameters, encodeFunctionData, getAbiItem, getAddress, isAddressEqual, maxUint128,
  parseAbiItem, toFunctionSelector, BaseError, zeroAddress, type Address, type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import { paginate } from "@/lib/core/pagination";
import { publicClient } from "@/lib/chain/network/clients";
import { chainUnavailable } from "@/lib/chain/network/read";
import { encryptPrivateKey } from "@/lib/crypto/secrets";
import { abi as sessionKeyValidatorAbi } from "@/lib/chain/artifacts/compiled/SessionKeyValidator";
import type { ConnectAccount, ConnectSessionKey } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import { MAX_SESSION_DAYS, MAX_SESSION_SCOPE, type SessionKeyInputT } from "@/lib/schemas/connect-sessions";
import type { Scope } from "@/lib/core/scope";
import { accountsAt, findAccount } from "@/lib/connect/accounts/service";
import { connectBase } from "@/lib/connect/local/setup";
import { installModuleCall, validatorNonceKey } from "@/lib/connect/accounts/modules";
import { connectNetwork } from "@/lib/connect/accounts/networks";
import { encodeKernelCalls } from "@/lib/connect/user-ops/prepare";

/** A server-held session is offered for signing only while it stays valid this long (the bundler wants ≥ 5 s, plus inclusion). */
export const SIGNING_MARGIN_SECONDS = 60;
export const NO_DATA_SELECTOR: Hex = "0x00000000";

export const now = () => Math.floor(Date.now() / 1000);
const sessionValidator = (): Address => connectBase().sessionKeyValidator;

interface OnChain {
  present: boolean;
  valid_after: number | null;
  valid_until: number | null;
  value_limit: string | null;
  gas_limit: number | null;
  paymaster: string | null;
  validator_installed: boolean;
}

const NO_SESSION: OnChain = { present: false, valid_after: null, valid_until: null, value_limit: null, gas_limit: null, paymaster: null, validator_installed: false };
const PAYMASTER_POLICIES = ["any", "none", "only"] as const;
type PaymasterPolicy = (typeof PAYMASTER_POLICIES)[number];

/** The record's paymaster allowance as the API shows it: any, none, or the one paymaster's address. */
export const paymasterOf = (r: Pick<ConnectSessionKey, "paymasterPolicy" | "paymasterAddress">) =>
  r.paymasterPolicy === "only" && r.paymasterAddress ? getAddress(r.paymasterAddress) : r.paymasterPolicy;

/** "0xtarget:0xselector" (lower case) ⇄ { target, selector }. */
export const pairKey = (target: string, selector: string) => `${target.toLowerCase()}:${selector.toLowerCase()}`;
const pairOf = (key: string) => {
  const [target, selector] = key.split(":");
  return { target: getAddress(target), selector: selector as Hex };
};

/** What the validator holds for (account, signer); a network without the validator holds nothing. */
export async function readOnChain(record: Pick<ConnectSessionKey, "network" | "validatorAddress" | "account" | "signer">): Promise<OnChain> {
  const client = publicClient(record.network);
  const address = getAddress(record.validatorAddress);
  const account = getAddress(record.account);
  try {
    const [[present, session], installed] = await Promise.all([
      client.readContract({ address, abi: sessionKeyValidatorAbi, functionName: "sessionOf", args: [account, getAddress(record.signer)] }),
      client.readContract({ address, abi: sessionKeyValidatorAbi, functionName: "isInitialized", args: [account] }),
    ]);
    if (!present) return { ...NO_SESSION, validator_installed: installed };
    const policy = PAYMASTER_POLICIES[session.paymasterPolicy] ?? "any";
    return {
      present,
      valid_after: session.validAfter,
      valid_until: session.validUntil,
      value_limit: session.valueLimit.toString(),
      gas_limit: session.gasLimit === 0n ? null : Number(session.gasLimit),
      paymaster: policy === "only" ? getAddress(session.paymaster) : policy,
      validator_installed: installed,
    };
  } catch (error) {
    const zeroData = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionZeroDataError);
    if (zeroData) return NO_SESSION;
    throw chainUnavailable(record.network);
  }
}

/** The chain holds exactly this record's session. */
export const matches = (r: ConnectSessionKey, chain: OnChain) =>
  chain.present && BigInt(chain.valid_until!) === r.validUntil && BigInt(chain.valid_after!) === r.validAfter && chain.value_limit === r.valueLimit &&
  (chain.gas_limit === null ? r.gasLimit === null : BigInt(chain.gas_limit) === r.gasLimit) && chain.paymaster === paymasterOf(r);

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
    permissions: r.permissions.map(pairOf),
    targets: r.targets.map((t) => getAddress(t)),
    selectors: r.selectors,
    value_limit: r.valueLimit,
    gas_limit: r.gasLimit === null ? null : Number(r.gasLimit),
    paymaster: paymasterOf(r),
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

function normalizeSelector(text: string, param: string): Hex {
  if (/^0x[0-9a-fA-F]{8}$/.test(text)) return text.toLowerCase() as Hex;
  try {
    const item = parseAbiItem(text.startsWith("function ") ? text : `function ${text}`);
    if (item.type !== "function") throw new Error("not a function");
    return toFunctionSelector(item);
  } catch {
    throw invalidRequest("parameter_invalid", `Invalid ${param}: not a function signature viem can parse (e.g. transfer(address,uint256))`, param);
  }
}

/** The validator's Spec (addSession's argument, onInstall's data) of a record. */
const specOf = (r: Pick<ConnectSessionKey, "signer" | "validAfter" | "validUntil" | "valueLimit" | "gasLimit" | "paymasterPolicy" | "paymasterAddress" | "permissions">) => ({
  signer: getAddress(r.signer),
  validAfter: Number(r.validAfter),
  validUntil: Number(r.validUntil),
  valueLimit: BigInt(r.valueLimit),
  gasLimit: r.gasLimit ?? 0n,
  paymasterPolicy: PAYMASTER_POLICIES.indexOf(r.paymasterPolicy as PaymasterPolicy),
  paymaster: r.paymasterAddress ? getAddress(r.paymasterAddress) : zeroAddress,
  permissions: r.permissions.map(pairOf),
});

/** The permitted pairs of the request: `permissions`, or the targets × selectors shorthand when one list has one entry. */
function permissionsOf(input: SessionKeyInputT): { target: string; selector: Hex; param: string }[] {
  if (input.permissions) {
    if (input.targets || input.selectors) throw invalidRequest("parameter_invalid", "Give either permissions, or targets with selectors, not both.", "permissions");
    return input.permissions.map((p, i) => ({ target: p.target.toLowerCase(), selector: normalizeSelector(p.selector, `permissions.${i}.selector`), param: `permissions.${i}.target` }));
  }
  if (!input.targets) throw invalidRequest("parameter_missing", "Missing required parameter: permissions (or targets with selectors).", "permissions");
  if (!input.selectors) throw invalidRequest("parameter_missing", "Missing required parameter: selectors (with targets), or give permissions.", "selectors");
  const targets = [...new Set(input.targets.map((a) => a.toLowerCase()))];
  const selectors = [...new Set(input.selectors.map((sel, i) => normalizeSelector(sel, `selectors.${i}`)))];
  if (targets.length > 1 && selectors.length > 1) {
    throw invalidRequest(
      "session_scope_ambiguous",
      "Several targets with several selectors would permit every selector on every target: give the calls as permissions, a list of { target, selector } pairs.",
      "permissions",
    );
  }
  return targets.flatMap((target) => selectors.map((selector) => ({ target, selector, param: `targets.${input.targets!.findIndex((t) => t.toLowerCase() === target)}` })));
}

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
  const pairs = permissionsOf(input);
  for (const { target, param } of pairs) {
    if (isAddressEqual(target as Address, account.address as Address) || isAddressEqual(target as Address, validator)) {
      throw invalidRequest("parameter_invalid", `Invalid ${param}: a session may not call the account itself or the session validator.`, param);
    }
  }
  const permissions = [...new Set(pairs.map((p) => pairKey(p.target, p.selector)))];
  if (permissions.length > MAX_SESSION_SCOPE) throw invalidRequest("parameter_invalid", `A session may permit at most ${MAX_SESSION_SCOPE} (target, selector) pairs.`, "permissions");
  const targets = [...new Set(pairs.map((p) => p.target))];
  const selectors = [...new Set(pairs.map((p) => p.selector))];
  const paymaster = input.paymaster ?? "any";
  const paymasterPolicy: PaymasterPolicy = paymaster === "any" || paymaster === "none" ? paymaster : "only";

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

  const data = {
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
    permissions,
    targets,
    selectors,
    valueLimit: valueLimit.toString(),
    gasLimit: input.gas_limit === undefined ? null : BigInt(input.gas_limit),
    paymasterPolicy,
    paymasterAddress: paymasterPolicy === "only" ? paymaster.toLowerCase() : null,
  };
  const spec = specOf(data);
  const chain = await readOnChain(data);
  const install = chain.validator_installed ? addSessionCall(validator, spec) : await installValidatorCall(scope, account, validator, spec);
  // The answer commits with the row (lib/db/answer-once): a retry after a failure past the commit replays it.
  return createOnce("session_key", async (tx) => ({ ...serialize(await tx.connectSessionKey.create({ data }), chain), ...install }));
}

function addSessionCall(validator: Address, spec: ReturnType<typeof specOf>) {
  const data = encodeFunctionData({ abi: sessionKeyValidatorAbi, functionName: "addSession", args: [spec] });
  return { install_action: "add_session" as const, install_call_data: encodeKernelCalls([{ to: validator, data }]), install_call: { to: validator, value: "0", data } };
}

async function installValidatorCall(scope: Scope, account: ConnectAccount, validator: Address, spec: ReturnType<typeof specOf>) {
  const initData = encodeAbiParameters(getAbiItem({ abi: sessionKeyValidatorAbi, name: "addSession" }).inputs, [spec]);
  const install = await installModuleCall(scope, { account: account.address, chain_id: account.chainId, module_type: 1, module: validator, data: initData });
  return { install_action: "install_module" as const, install_call_data: install.call_data, install_call: { to: getAddress(account.address), value: "0", data: install.call_data } };
}

/** The tenant's accounts at `address` (on `chainId` when given), or 404. */
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
