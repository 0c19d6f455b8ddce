// Event names exactly as section 6 of the platform spec, and the additions marked below.
export const EVENT_TYPES = [
  "token.deployed", "token.paused", "token.unpaused", "token.minted", "token.burned", "token.transferred",
  "token.approved", "token.frozen", "token.unfrozen", "token.force_transferred", "token.recovered",
  // transaction.reorged is an addition to the spec: a reorganisation removed a transaction already reported
  // confirmed (or failed on chain); it is sent again, and confirmed (or failed) is emitted again when it ends.
  "transaction.confirmed", "transaction.failed", "transaction.reorged",
  // wallet.low_balance is an addition to the spec: a sending wallet's runway (its balance at the last 24 h's
  // spend) fell below the tenant's threshold (PUT /v1/settings/wallet-alerts); again only after it rose above.
  "wallet.created", "wallet.low_balance",
  "nft.minted", "nft.transferred", "nft.burned", "nft.metadata_updated",
  "identity.registered", "identity.removed", "identity.updated", "identity.country.updated",
  "identity.claim.added", "identity.claim.removed",
  "compliance.module.deployed", "compliance.module.removed", "compliance.rule.added", "compliance.token.bound",
  "compliance.token.unbound",
  "trusted_issuer.registered", "trusted_issuer.removed", "trusted_issuer.claim_topics.updated",
  "claim_topic.registered", "claim_topic.removed",
  "governance.deployed", "governance.proposal.created", "governance.vote.cast", "governance.proposal.queued",
  "governance.proposal.executed", "governance.proposal.canceled", "governance.delegated",
  // governance.reorged is an addition to the spec: a governance log already reported was removed by a chain
  // reorganisation within the network's finality window; `withdrawn` names the event it had given.
  "governance.reorged",
  "role.granted", "role.revoked",
  "vesting.deployed", "vesting.released",
  "vault.deployed", "vault.deposit", "vault.withdraw", "vault.redeem", "vault.mint",
  "api_key.created", "api_key.revoked", "api_key.rotated",
  "auth.registered", "auth.login",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Subscribes a webhook endpoint to every event, present and future. */
export const ALL_EVENTS = "*";
