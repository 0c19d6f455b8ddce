// A unique constraint a request ran into (PostgreSQL 23505) is a conflict with an existing resource, not a bug:
// the request wrapper answers it 409 naming the resource (lib/api/handler.ts), never 500. A service that
// checks first still loses a race to a concurrent request; this is the answer then.
import { conflict, type ApiError } from "@/lib/core/errors";

type Inspectable = { code?: unknown; constraint?: unknown; kind?: unknown; meta?: unknown; cause?: unknown };

/** The violated constraint's name ("" when the driver did not say), or null when the error is no unique violation. */
export function uniqueViolation(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== "object" || depth > 5) return null;
  const e = error as Inspectable;
  // pg's DatabaseError; @prisma/adapter-pg's { kind: "UniqueConstraintViolation", constraint: { index } | { fields } }
  if (e.code === "23505") return typeof e.constraint === "string" ? e.constraint : "";
  if (e.kind === "UniqueConstraintViolation") return (e.constraint as { index?: string } | undefined)?.index ?? "";
  const meta = e.meta as { driverAdapterError?: unknown; target?: unknown } | undefined;
  if (e.code === "P2002") {
    const inner = uniqueViolation(meta?.driverAdapterError, depth + 1);
    return inner ?? (typeof meta?.target === "string" ? meta.target : "");
  }
  return uniqueViolation(e.cause, depth + 1) ?? uniqueViolation(meta?.driverAdapterError, depth + 1);
}

// Constraints a request can hit, by name (prisma/migrations): the code and the resource the answer names.
const RESOURCES: Record<string, [code: string, message: string, param?: string]> = {
  governance_proposals_governance_id_proposal_id_key: ["proposal_exists", "This proposal exists already (the same calls and description give the same proposal id; change the description to propose again)."],
  price_feed_consumers_tenant_id_livemode_network_pair_key: ["consumer_exists", "You already have a consumer of this pair on this network; change its max_age_seconds with POST /v1/price_feeds/{pair}/max_age.", "pair"],
  claim_issuers_tenant_id_livemode_network_key: ["claim_issuer_exists", "This account's claim issuer on this network exists already."],
  connect_accounts_tenant_id_livemode_signer_chain_id_key: ["account_exists", "A smart account of this signer on this chain exists already.", "signer"],
  connect_oauth_links_account_id_provider_key: ["oauth_provider_already_linked", "The account already has an identity of this provider linked.", "provider"],
  connect_oauth_links_tenant_id_livemode_provider_subject_key: ["oauth_identity_already_linked", "This OAuth identity is already linked to an account."],
  connect_passkeys_tenant_id_livemode_credential_id_key: ["passkey_exists", "A passkey with this credential_id is registered already.", "credential_id"],
  connect_paymasters_tenant_id_livemode_chain_id_address_key: ["paymaster_exists", "This paymaster is registered already on this chain.", "address"],
  connect_recovery_configs_account_id_key: ["recovery_config_exists", "This account's recovery configuration exists already."],
  connect_relay_operations_tenant_id_livemode_user_op_hash_key: ["user_operation_exists", "This user operation was relayed already."],
  multisig_transactions_multisig_id_tx_index_key: ["multisig_transaction_exists", "Another transaction of this multisig took that tx_index; retry."],
  users_email_key: ["email_already_registered", "An account with this email already exists. Sign in instead.", "email"],
};

/** The 409 for a unique violation: the resource's own code where the constraint is known, else resource_conflict. */
export function uniqueConflict(error: unknown): ApiError | null {
  const constraint = uniqueViolation(error);
  if (constraint === null) return null;
  const known = RESOURCES[constraint];
  if (known) return conflict(...known);
  return conflict("resource_conflict", "The request conflicts with a resource that exists already (a concurrent request may have created it); fetch it, or retry.");
}
