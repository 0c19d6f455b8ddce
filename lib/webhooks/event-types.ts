// Event names exactly as section 6 of the platform spec.
export const EVENT_TYPES = [
  "token.deployed", "token.paused", "token.unpaused", "token.minted", "token.burned", "token.transferred",
  "token.approved", "token.frozen", "token.unfrozen", "token.force_transferred", "token.recovered",
  "transaction.confirmed", "transaction.failed",
  "wallet.created",
  "nft.minted", "nft.transferred", "nft.burned", "nft.metadata_updated",
  "identity.registered", "identity.removed", "identity.updated", "identity.country.updated",
  "identity.claim.added", "identity.claim.removed",
  "compliance.module.deployed", "compliance.module.removed", "compliance.rule.added", "compliance.token.bound",
  "compliance.token.unbound",
  "trusted_issuer.registered", "trusted_issuer.removed", "trusted_issuer.claim_topics.updated",
  "claim_topic.registered", "claim_topic.removed",
  "governance.deployed", "governance.proposal.created", "governance.vote.cast", "governance.proposal.queued",
  "governance.proposal.executed", "governance.proposal.canceled", "governance.delegated",
  "role.granted", "role.revoked",
  "vesting.deployed", "vesting.released",
  "vault.deployed", "vault.deposit", "vault.withdraw", "vault.redeem", "vault.mint",
  "api_key.created", "api_key.revoked", "api_key.rotated",
  "auth.registered", "auth.login",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Subscribes a webhook endpoint to every event, present and future. */
export const ALL_EVENTS = "*";
