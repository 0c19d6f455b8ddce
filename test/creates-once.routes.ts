// What keeps each POST route from writing twice when a request is repeated with its Idempotency-Key after a
// failure past its commit (issue 31). test/creates-once.test.ts holds every POST route to one of these and
// tries the `once` and `natural` ones; a POST route on no list fails it. A route answering a chain write's
// record (response schema Transaction) is a chain write by construction and needs no entry.
export type Decision =
  /** Rows and the answer commit in one transaction (lib/db/answer-once `createOnce`, or writeOnce `rows`): `kind` is the fault-injection kind. */
  | { once: string }
  /** A repeat answers the same resource and adds no row, with or without the key. */
  | { natural: string; shownBy?: { file: string; says: string } }
  /** Its writes are chain writes under the request's claim (lib/chain/intake); the area's exactly-once test tries them. */
  | { chain: string; shownBy: string }
  /** Creates no resource row (a computation, a read, a move of an existing row's state). */
  | { none: string }
  /** No tenant caller, so no Idempotency-Key applies (keys are the tenant's); its own guard is named. */
  | { unkeyed: string };

const kit = (area: string) => ({ chain: "the on-chain resource kit: the row and its deploy write commit under the claim", shownBy: `lib/${area}/exactly-once.test.ts` });
const calldata = { none: "answers ABI-encoded callData to wrap in a user operation; stores nothing" };

export const decisions: Record<string, Decision> = {
  "/auth/login": { unkeyed: "a sign-in: a fresh session each time, no resource" },
  "/auth/refresh": { unkeyed: "a refresh token is used once: a repeat is refused (401)" },
  "/auth/register": { unkeyed: "one account per email: a repeat answers 409" },
  "/v1/billing/activate": { unkeyed: "the admin's manual activation sets the tenant's plan (an upsert)" },
  "/v1/billing/payments/[id]/confirm": { unkeyed: "an already succeeded payment is answered as is, credited once" },
  "/v1/billing/webhook": { unkeyed: "the processor's events are applied once per event id" },

  "/v1/api_keys": { once: "api_key" },
  "/v1/api_keys/[id]/rotate": { once: "api_key_rotation" },
  "/v1/webhook_endpoints": { once: "webhook_endpoint" },
  "/v1/webhook_endpoints/[id]/rotate_secret": { once: "webhook_secret_rotation" },
  "/v1/confidential/decrypt_requests": { once: "decrypt_request" },
  "/v1/billing/crypto_checkout": { once: "crypto_checkout" },
  "/v1/connect/oauth/nonce": { once: "oauth_nonce" },
  "/v1/connect/passkeys": { once: "passkey" },
  "/v1/connect/paymasters": { once: "paymaster" },
  "/v1/connect/paymasters/import-keystore": { once: "paymaster" },
  "/v1/connect/sessions": { once: "session_key" },
  "/v1/connect/recovery/initiate": { once: "recovery_request" },

  "/v1/connect/accounts": { natural: "one account per signer and chain: a repeat answers the registered one" },
  "/v1/connect/oauth/link": { natural: "the same identity linked to the same account answers that link" },
  "/v1/connect/recovery/configure": { natural: "one configuration per account, set (created or replaced) by each call" },
  "/v1/settings/connect": { natural: "a section of the tenant's settings, updated in place" },
  "/v1/settings/cors": { natural: "a section of the tenant's settings, updated in place" },
  "/v1/settings/oauth": { natural: "a section of the tenant's settings, updated in place" },
  "/v1/settings/passkeys": { natural: "a section of the tenant's settings, updated in place" },
  "/v1/tenant-features/[feature]": { natural: "a flag exists for every tenant; setting it updates it" },
  "/v1/webhook_endpoints/[id]": { natural: "an update of the endpoint to the values sent" },
  "/v1/connect/relay": { natural: "one record per user-operation hash: the same operation answers its record, sent once", shownBy: { file: "lib/connect/user-ops/relay.test.ts", says: "The same operation again answers its record; it is not sent twice." } },
  "/v1/confidential/decrypt_requests/[id]/fulfill": { natural: "the same plaintext again answers 200 with the one fulfilment", shownBy: { file: "lib/confidential/confidential.test.ts", says: "fulfilling again: the same answer is 200 (a retry)" } },

  "/v1/batch": { none: "runs its operations through their own routes (each op's own key, if any); its answer is the batch's" },
  "/v1/billing/checkout": { none: "a session at the payment processor; only an audit line here" },
  "/v1/billing/portal": { none: "a session at the payment processor; stores nothing" },
  "/v1/connect/oauth/verify": { none: "takes a single-use id_token and nonce: a repeat is refused (400), as a replay must be" },
  "/v1/connect/verify": { none: "takes a single-use sign-in nonce: a repeat is refused (400), as a replay must be" },
  "/v1/connect/modules/install": calldata,
  "/v1/connect/modules/uninstall": calldata,
  "/v1/connect/validators/change-root": calldata,
  "/v1/connect/validators/uninstall": calldata,
  "/v1/connect/relay/estimate-gas": { none: "asks the bundler; stores nothing" },
  "/v1/connect/ops/[userOpHash]/cancel": { none: "moves an existing operation to cancelled" },
  "/v1/connect/ops/[userOpHash]/sign": { none: "moves an existing operation awaiting its signature to pending (its hash: sent once)" },
  "/v1/connect/ops/[userOpHash]/sign-and-relay": { none: "moves an existing operation awaiting its signature to pending (its hash: sent once)" },
  "/v1/connect/recovery/[requestId]/cancel": { none: "moves an existing request to cancelled" },
  "/v1/connect/recovery/[requestId]/confirm": { none: "adds the guardian to an existing request once" },
  "/v1/connect/recovery/[requestId]/execute": { none: "records the chain's outcome on an existing request" },
  "/v1/webhook_endpoints/[id]/deliveries/[delivery_id]/resend": { none: "puts an existing delivery back to pending (the same webhook-id)" },
  "/v1/webhook_endpoints/[id]/deliveries/[delivery_id]/retry": { none: "an attempt of an existing delivery (receivers dedupe on its webhook-id)" },
  "/v1/webhook_endpoints/[id]/resend": { none: "puts existing failed deliveries back to pending (the same webhook-ids)" },
  "/v1/governance/[id]/hash_proposal": { none: "a computation" },
  "/v1/governance/[id]/timelock/hash_operation": { none: "a computation" },
  "/v1/governance/[id]/timelock/hash_operation_batch": { none: "a computation" },
  "/v1/tokens/[id]/compliance/check": { none: "a read of the token's compliance" },
  "/v1/vrf/fulfillment": { none: "reads the fulfilment from the chain onto an existing request" },

  "/v1/tokens": kit("tokens"),
  "/v1/vaults": kit("vaults"),
  "/v1/vaults/[id]/deposit": kit("vaults"),
  "/v1/vaults/[id]/mint": kit("vaults"),
  "/v1/vaults/[id]/redeem": kit("vaults"),
  "/v1/vaults/[id]/withdraw": kit("vaults"),
  "/v1/vesting": kit("vesting"),
  "/v1/governance": kit("governance"),
  "/v1/governance/[id]/proposals": kit("governance"),
  "/v1/multisigs": kit("multisig"),
  "/v1/multisigs/[id]/transactions": { chain: "a proposal row stamped with the claim (writeOnce rows.find), or its execution's write", shownBy: "lib/multisig/exactly-once.test.ts" },
  "/v1/price_feeds/consumers": kit("oracles"),
  "/v1/vrf/consumers": kit("vrf"),
  "/v1/vrf/requests": kit("vrf"),
  "/v1/identities": kit("trex/suite"),
  "/v1/identities/[id]": kit("trex/suite"),
  "/v1/identities/[id]/country": kit("trex/suite"),
  "/v1/identities/[id]/claims": { chain: "a claim's write, or its row stamped with the claim while it waits for its issuer (writeOnce rows.find)", shownBy: "lib/trex/suite/exactly-once.test.ts" },
  "/v1/claim_topics": kit("trex/suite"),
  "/v1/trusted_issuers": kit("trex/suite"),
  "/v1/trusted_issuers/[id]/claim_topics": kit("trex/suite"),
  "/v1/compliance/modules": { chain: "a deploy write, or a configuration-only row stamped with the claim (writeOnce rows.find)", shownBy: "lib/trex/suite/exactly-once.test.ts" },
};
