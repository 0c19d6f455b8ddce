// The OpenAPI document's tags: one per area, named in lower case as its paths say it (plural where the path
// is), listed in this order with what each covers. A route's `tags` must be one of these (lib/api/handler).
export const API_TAGS = {
  auth: "Sign-up, sign-in and session tokens for the console and the API-key endpoints.",
  "api keys": "Secret and publishable keys per mode: create, rotate, revoke.",
  tokens: "ERC-20, ERC-721 and ERC-1155 tokens: deploy, mint, transfer, burn, approvals, metadata, pause.",
  roles: "Access-control roles on a token's contract.",
  "regulated tokens": "ERC-3643 (T-REX) tokens: freezes, forced transfers, recovery, compliance and identity registry.",
  identities: "ONCHAINID identities of investors and their claims, and the identity registry.",
  "claim topics": "The claim topics a regulated token requires.",
  "trusted issuers": "The claim issuers a regulated token trusts, and for which topics.",
  compliance: "T-REX compliance modules and their rules.",
  transactions: "Every chain write of the tenant's wallets, with its status and timeline.",
  multisigs: "Safe multisig wallets: owners, threshold, proposals, signatures and execution.",
  vaults: "ERC-4626 vaults: deposits, mints, withdrawals, redemptions and shares.",
  vesting: "Vesting schedules for a beneficiary.",
  governance: "Governor and timelock: proposals, votes, queueing, execution and delegation.",
  "price feeds": "Chainlink price feed consumers and their latest answers.",
  vrf: "Verifiable randomness: consumers and requests.",
  confidential: "Confidential tokens' decrypt requests.",
  connect: "Connect: end users' smart accounts, sign-in, passkeys, sessions, recovery and relayed operations.",
  webhooks: "Endpoints that receive the tenant's events, and their deliveries.",
  events: "The tenant's events, as webhooks deliver them.",
  analytics: "Counts and volumes over time.",
  billing: "Plans, usage, checkout and payments.",
  settings: "The tenant's settings: Connect, CORS, OAuth, passkeys and wallet alerts.",
  "tenant features": "Feature flags per mode.",
  networks: "The EVM networks this deployment serves.",
  batch: "Several API calls in one request.",
  meta: "This document.",
} as const;

export type ApiTag = keyof typeof API_TAGS;
