// The controls of a regulated token (spec 4.5). Agent actions and owner actions are sent by the tenant's
// acting account (actingFor: its custodial wallet, or its smart account in connect mode; the token's owner
// and agent) through the one chain path; each POST answers 200 with the
// transaction record, and the change (with its event, ./controls-effects) happens when it confirms.
// What the contract would refuse is read on chain first and answered 400, before anything is sent.
import { encodeAbiParameters, getAddress, keccak256, zeroAddress, type Address, type Hex } from "viem";
import type { z } from "zod";
import { bothForms } from "@/lib/core/amounts";
import { invalidRequest } from "@/lib/core/errors";
import { submitChainWrite, type ChainWrite } from "@/lib/chain/intake";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { ForceTransferInput, FreezeInput, PartialFreezeInput, RecoverInput, SetComplianceInput, SetIdentityRegistryInput } from "@/lib/schemas/token-controls";
import type { Scope } from "@/lib/core/scope";
import type { PlannedEvent } from "@/lib/tokens/submit";
import { regulatedToken, type RegulatedToken } from "@/lib/trex/suite/service";
import { encodeCall, hasCode, readAt } from "@/lib/trex/suite/reads";

type Body<S extends z.ZodType> = z.output<S>;

const readToken = <T>(token: RegulatedToken, fn: string, args: readonly unknown[] = []) => readAt<T>(token.network, "Token", token.address, fn, args);
const readIr = <T>(token: RegulatedToken, registry: Address, fn: string, args: readonly unknown[] = [], onRevert?: () => T) =>
  readAt<T>(token.network, "IdentityRegistry", registry, fn, args, { onRevert });

/** The key an ONCHAINID stores for a wallet (ERC-734): keccak256(abi.encode(address)). */
export const walletKey = (wallet: Address): Hex => keccak256(encodeAbiParameters([{ type: "address" }], [wallet]));

async function withRole(scope: Scope, id: string, role: "agent" | "owner") {
  const token = await regulatedToken(scope, id);
  // The account that will send the write is the one checked (the same service decides both).
  const wallet = (await actingFor(scope, token.network)).address;
  const allowed = role === "agent"
    ? await readToken<boolean>(token, "isAgent", [wallet])
    : getAddress(await readToken<Address>(token, "owner")) === wallet;
  if (!allowed) {
    throw invalidRequest(`not_token_${role}`, `The tenant's acting account ${wallet} is not ${role === "agent" ? "an agent" : "the owner"} of token '${token.id}' on chain.`, "id");
  }
  return { token, wallet };
}

function controlWrite(scope: Scope, token: RegulatedToken, write: { kind: ChainWrite["kind"]; fn: string; args: readonly unknown[]; request: object; events?: PlannedEvent[]; extra?: object }): ChainWrite {
  const { idempotency_key: _, ...request } = write.request as Record<string, unknown>;
  return {
    tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: write.kind, tokenId: token.id,
    to: token.address, data: encodeCall("Token", write.fn, write.args), request, effect: { events: write.events ?? [], ...write.extra },
  };
}

// ---------- agent actions ----------

export async function setFrozen(scope: Scope, id: string, body: Body<typeof FreezeInput>, frozen: boolean) {
  const { token } = await withRole(scope, id, "agent");
  return submitChainWrite(controlWrite(scope, token, {
    kind: frozen ? "token.freeze" : "token.unfreeze", fn: "setAddressFrozen", args: [body.address, frozen], request: body,
    events: [{ type: frozen ? "token.frozen" : "token.unfrozen", data: { address: body.address, frozen } }],
  }));
}

export async function freezePartial(scope: Scope, id: string, body: Body<typeof PartialFreezeInput>) {
  const { token } = await withRole(scope, id, "agent");
  const amount = BigInt(body.amount);
  const units = (raw: bigint) => bothForms(raw, token.decimals, token.symbol);
  const check = async () => {
    const [balance, frozen] = await Promise.all([readToken<bigint>(token, "balanceOf", [body.address]), readToken<bigint>(token, "getFrozenTokens", [body.address])]);
    if (balance - frozen < amount) {
      throw invalidRequest("insufficient_balance", `Cannot freeze ${units(amount)}: ${body.address} holds ${units(balance)}, of which ${units(frozen)} already frozen.`, "amount");
    }
  };
  return submitChainWrite(controlWrite(scope, token, {
    kind: "token.freeze_partial", fn: "freezePartialTokens", args: [body.address, amount], request: body,
    events: [{ type: "token.frozen", data: { address: body.address, amount: body.amount, partial: true } }],
  }), { check });
}

export async function unfreezePartial(scope: Scope, id: string, body: Body<typeof PartialFreezeInput>) {
  const { token } = await withRole(scope, id, "agent");
  const amount = BigInt(body.amount);
  const units = (raw: bigint) => bothForms(raw, token.decimals, token.symbol);
  const check = async () => {
    const frozen = await readToken<bigint>(token, "getFrozenTokens", [body.address]);
    if (frozen < amount) throw invalidRequest("amount_exceeds_frozen", `Cannot unfreeze ${units(amount)}: only ${units(frozen)} of ${body.address}'s tokens are frozen.`, "amount");
  };
  return submitChainWrite(controlWrite(scope, token, {
    kind: "token.unfreeze_partial", fn: "unfreezePartialTokens", args: [body.address, amount], request: body,
    events: [{ type: "token.unfrozen", data: { address: body.address, amount: body.amount, partial: true } }],
  }), { check });
}

export async function forceTransfer(scope: Scope, id: string, body: Body<typeof ForceTransferInput>) {
  const { token } = await withRole(scope, id, "agent");
  const amount = BigInt(body.amount);
  const units = (raw: bigint) => bothForms(raw, token.decimals, token.symbol);
  const check = async () => {
    const registry = await readToken<Address>(token, "identityRegistry");
    const [balance, verified] = await Promise.all([
      readToken<bigint>(token, "balanceOf", [body.from]),
      readIr<boolean>(token, registry, "isVerified", [body.to], () => false),
    ]);
    if (balance < amount) throw invalidRequest("insufficient_balance", `Insufficient balance: the forced transfer needs ${units(amount)}, but ${body.from} holds ${units(balance)}.`, "amount");
    if (!verified) throw invalidRequest("recipient_not_verified", `${body.to} is not a verified investor of token '${token.id}' (identity registry ${registry}).`, "to");
  };
  return submitChainWrite(controlWrite(scope, token, {
    kind: "token.force_transfer", fn: "forcedTransfer", args: [body.from, body.to, amount], request: body,
    events: [{ type: "token.force_transferred", data: { from: body.from, to: body.to, amount: body.amount } }],
  }), { check });
}

/**
 * Recovery needs the new wallet to be a management key of the investor's ONCHAINID. When it is not yet,
 * the acting account adds it first (it is a management key of the identities the platform creates), and
 * recoveryAddress follows when that confirms (`token.recover_add_key`'s effect submits it).
 */
export async function recover(scope: Scope, id: string, body: Body<typeof RecoverInput>) {
  const { token, wallet } = await withRole(scope, id, "agent");
  const lost = body.lost_wallet;
  const fresh = body.new_wallet;
  if (lost === fresh) throw invalidRequest("parameter_invalid", "Invalid new_wallet: it must differ from lost_wallet", "new_wallet");
  const registry = await readToken<Address>(token, "identityRegistry");
  const [balance, registered, newRegistered] = await Promise.all([
    readToken<bigint>(token, "balanceOf", [lost]),
    readIr<Address>(token, registry, "identity", [lost], () => zeroAddress),
    readIr<boolean>(token, registry, "contains", [fresh], () => false),
  ]);
  if (balance === 0n) throw invalidRequest("nothing_to_recover", `${lost} holds no tokens of '${token.id}'.`, "lost_wallet");
  if (newRegistered) throw invalidRequest("new_wallet_registered", `${fresh} is already registered in the identity registry; recovery needs an unregistered wallet.`, "new_wallet");
  if (getAddress(registered) === zeroAddress) {
    throw invalidRequest("identity_not_registered", `${lost} is not registered in the token's identity registry, so its country cannot be carried over.`, "lost_wallet");
  }
  const onchainId = getAddress(body.investor_onchain_id ?? registered);
  if (!(await hasCode(token.network, onchainId))) throw invalidRequest("identity_not_contract", `No ONCHAINID contract at ${onchainId}.`, "investor_onchain_id");
  const hasPurpose = (key: Hex) =>
    readAt<boolean>(token.network, "Identity", onchainId, "keyHasPurpose", [key, 1n], { onRevert: () => false });

  const recovery = controlWrite(scope, token, {
    kind: "token.recover", fn: "recoveryAddress", args: [lost, fresh, onchainId], request: { ...body, investor_onchain_id: onchainId },
    events: [{ type: "token.recovered", data: { lost_wallet: lost, new_wallet: fresh, investor_onchain_id: onchainId } }],
    extra: { lost_wallet: lost },
  });
  if (await hasPurpose(walletKey(fresh))) return submitChainWrite(recovery);
  if (!(await hasPurpose(walletKey(wallet)))) {
    throw invalidRequest(
      "identity_key_missing",
      `The tenant's acting account ${wallet} is not a management key of ${onchainId}, so it cannot add ${fresh} to it: add ${fresh} as a management key (purpose 1) of the identity, then retry.`,
      "investor_onchain_id",
    );
  }
  return submitChainWrite({
    tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: "token.recover_add_key", tokenId: token.id,
    to: onchainId, data: encodeCall("Identity", "addKey", [walletKey(fresh), 1n, 1n]),
    request: { ...recovery.request, step: "add the new wallet as a management key of the ONCHAINID" },
    effect: { then: recovery },
  });
}

// ---------- owner actions ----------

export async function setCompliance(scope: Scope, id: string, body: Body<typeof SetComplianceInput>) {
  const { token } = await withRole(scope, id, "owner");
  if (!(await hasCode(token.network, body.compliance))) throw invalidRequest("not_a_contract", `No contract at ${body.compliance}.`, "compliance");
  const bound = await readAt<Address | null>(token.network, "ModularCompliance", body.compliance, "getTokenBound", [], { onRevert: () => null });
  if (bound === null) throw invalidRequest("not_a_compliance", `${body.compliance} is not a ModularCompliance contract.`, "compliance");
  if (getAddress(bound) !== zeroAddress && getAddress(bound) !== token.address) {
    throw invalidRequest("compliance_bound_elsewhere", `${body.compliance} is bound to another token (${bound}).`, "compliance");
  }
  return submitChainWrite(controlWrite(scope, token, {
    kind: "token.set_compliance", fn: "setCompliance", args: [body.compliance], request: body, extra: { suite: { compliance: body.compliance } },
  }));
}

export async function setIdentityRegistry(scope: Scope, id: string, body: Body<typeof SetIdentityRegistryInput>) {
  const { token } = await withRole(scope, id, "owner");
  if (!(await hasCode(token.network, body.identity_registry))) throw invalidRequest("not_a_contract", `No contract at ${body.identity_registry}.`, "identity_registry");
  const read = (fn: string) => readIr<Address | null>(token, body.identity_registry, fn, [], () => null);
  const [storage, issuers, topics] = await Promise.all([read("identityStorage"), read("issuersRegistry"), read("topicsRegistry")]);
  if (storage === null || issuers === null || topics === null) {
    throw invalidRequest("not_an_identity_registry", `${body.identity_registry} is not an IdentityRegistry contract.`, "identity_registry");
  }
  // The token record's suite follows the new registry (its storage and registries) once this confirms.
  const suite = { identity_registry: body.identity_registry, identity_registry_storage: getAddress(storage), trusted_issuers_registry: getAddress(issuers), claim_topics_registry: getAddress(topics) };
  return submitChainWrite(controlWrite(scope, token, {
    kind: "token.set_identity_registry", fn: "setIdentityRegistry", args: [body.identity_registry], request: body, extra: { suite },
  }));
}

// ---------- reads (live, on chain) ----------

export async function complianceInfo(scope: Scope, id: string) {
  const token = await regulatedToken(scope, id);
  const compliance = getAddress(await readToken<Address>(token, "compliance"));
  const modules = await readAt<readonly Address[]>(token.network, "ModularCompliance", compliance, "getModules", [], { onRevert: () => [] });
  return { object: "compliance_info" as const, token: token.id, compliance, modules: modules.map((m) => getAddress(m)) };
}

export async function identityRegistryInfo(scope: Scope, id: string) {
  const token = await regulatedToken(scope, id);
  const registry = getAddress(await readToken<Address>(token, "identityRegistry"));
  const read = (fn: string) => readIr<Address>(token, registry, fn, [], () => zeroAddress).then((a) => getAddress(a));
  const [storage, issuers, topics] = await Promise.all([read("identityStorage"), read("issuersRegistry"), read("topicsRegistry")]);
  return {
    object: "identity_registry" as const, token: token.id, identity_registry: registry,
    identity_registry_storage: storage, trusted_issuers_registry: issuers, claim_topics_registry: topics,
  };
}

export async function frozenStatus(scope: Scope, id: string, address: Address) {
  const token = await regulatedToken(scope, id);
  return { object: "frozen_status" as const, token: token.id, address: getAddress(address), frozen: await readToken<boolean>(token, "isFrozen", [address]) };
}

export async function frozenTokens(scope: Scope, id: string, address: Address) {
  const token = await regulatedToken(scope, id);
  const [frozen, balance] = await Promise.all([readToken<bigint>(token, "getFrozenTokens", [address]), readToken<bigint>(token, "balanceOf", [address])]);
  return { object: "frozen_tokens" as const, token: token.id, address: getAddress(address), frozen_tokens: frozen.toString(), balance: balance.toString() };
}
