// What each kind of chain write is called in the console ("Mint", not `token.mint`). A kind is named from its
// code by default ("vault.deposit" is "Vault deposit", a token kind drops "token": "token.nft_burn" is "NFT
// burn"); the names below say it better where the code alone would not.
import { registeredKinds, type OperationKind } from "@/lib/chain/registry/kinds";

const NAMES: Partial<Record<OperationKind, string>> = {
  "nonce.fill": "Nonce filler",
  "token.deploy": "Token deployment",
  "token.deploy_suite": "Regulated token deployment",
  "token.transfer_from": "Transfer on behalf",
  "token.burn_from": "Burn on behalf",
  "token.approve": "Approval",
  "token.transfer_from_and_call": "Transfer on behalf and call",
  "token.set_approval_for_all": "Operator approval",
  "token.set_base_uri": "Base URI change",
  "token.set_uri": "URI change",
  "token.royalty": "Default royalty",
  "token.permit2_approve": "Permit2 approval",
  "token.freeze_partial": "Partial freeze",
  "token.unfreeze_partial": "Partial unfreeze",
  "token.force_transfer": "Forced transfer",
  "token.recover_add_key": "Recovery key",
  "token.recover": "Wallet recovery",
  "token.set_compliance": "Compliance change",
  "token.set_identity_registry": "Identity registry change",
  "role.revoke": "Role revocation",
  "role.renounce": "Role renouncement",
  "trex.storage_ownership": "Registry storage handover",
  "compliance.module.deploy": "Compliance module deployment",
  "compliance.module.initialize": "Compliance module setup",
  "compliance.module.prepare": "Compliance module preparation",
  "compliance.module.add": "Compliance module added",
  "compliance.module.remove": "Compliance module removed",
  "compliance.rule.add": "Compliance rule",
  "identity.create": "Identity creation",
  "identity.register": "Investor registration",
  "identity.update_country": "Investor country change",
  "identity.remove": "Investor removal",
  "identity.claim.add": "Claim added",
  "identity.claim.remove": "Claim removed",
  "identity.storage.bind": "Registry storage binding",
  "identity.storage.unbind": "Registry storage unbinding",
  "claim_issuer.deploy": "Claim issuer deployment",
  "claim_issuer.add_key": "Claim issuer key",
  "trusted_issuer.add": "Trusted issuer added",
  "trusted_issuer.remove": "Trusted issuer removed",
  "trusted_issuer.update_claim_topics": "Trusted issuer topics",
  "claim_topic.add": "Claim topic added",
  "claim_topic.remove": "Claim topic removed",
  "multisig.deploy": "Multisig deployment",
  "multisig.approve_hash": "Multisig signature",
  "multisig.execute": "Multisig execution",
  "price_feed.deploy_consumer": "Price feed consumer deployment",
  "price_feed.set_max_age": "Price feed max age",
  "vrf.deploy": "Randomness consumer deployment",
  "vrf.request": "Randomness request",
  "vrf.configure": "Randomness settings",
  "vesting.deploy": "Vesting deployment",
  "vesting.fund": "Vesting funding",
  "vesting.transfer_ownership": "Vesting handover",
  "vault.deploy": "Vault deployment",
  "vault.approve_asset": "Vault asset approval",
  "vault.mint": "Vault share mint",
  "vault.withdraw": "Vault withdrawal",
  "vault.redeem": "Vault redemption",
  "vault.shares.approve": "Vault share approval",
  "vault.shares.transfer": "Vault share transfer",
  "governance.deploy_timelock": "Timelock deployment",
  "governance.deploy_governor": "Governor deployment",
  "governance.configure": "Governance settings",
  "governance.propose": "Proposal",
  "governance.vote": "Vote",
  "governance.delegate": "Delegation",
  "governance.queue": "Proposal queued",
  "governance.execute": "Proposal execution",
  "governance.cancel": "Proposal cancellation",
};

const ACRONYMS = new Set(["nft", "uri", "vrf", "erc20", "id"]);

/** The name a kind has without an entry in NAMES. */
export function defaultKindName(kind: string): string {
  const [area, ...rest] = kind.split(".");
  const words = (area === "token" ? rest : [area, ...rest]).flatMap((part) => part.split("_"));
  const text = words.map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w)).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The kind's name for people; a kind no module registers (recorded by an older version) keeps its code. */
export function kindName(kind: string): string {
  return (NAMES as Record<string, string>)[kind] ?? (registeredKinds().includes(kind) ? defaultKindName(kind) : kind);
}

/** Every registered kind with its name, by name: the transactions filter's choices. */
export function kindChoices(): { value: string; label: string }[] {
  return registeredKinds()
    .map((value) => ({ value, label: kindName(value) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
