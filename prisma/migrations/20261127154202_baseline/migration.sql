-- The baseline: the schema that the 53 migrations up to 20261127115625_multisig_wallet_signatures built,
-- squashed into one before the first release (lib/db/migrate.ts adopts a database those migrations made).
-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "tenants" (
    "id" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "full_name" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'owner',
    "sessions_valid_after" TIMESTAMP(3),
    "webauthn_challenge" TEXT,
    "webauthn_challenge_expires_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "family_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "rotated_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "secret_last4" TEXT NOT NULL,
    "previous_secret_hash" TEXT,
    "previous_secret_expires_at" TIMESTAMP(3),
    "publishable" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "accepted_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_label" TEXT,
    "target" TEXT,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_passkeys" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[],
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),

    CONSTRAINT "user_passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "tenant_id" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "status" TEXT NOT NULL DEFAULT 'active',
    "source" TEXT NOT NULL DEFAULT 'free',
    "stripe_customer_id" TEXT,
    "stripe_subscription_id" TEXT,
    "current_period_start" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "current_period_end" TIMESTAMP(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "stripe_event_at" TIMESTAMP(3),
    "stripe_period_end" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "billing_payments" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "currency" TEXT NOT NULL,
    "amount_due" TEXT NOT NULL,
    "amount_received" TEXT NOT NULL DEFAULT '0',
    "excess_amount" TEXT NOT NULL DEFAULT '0',
    "network" TEXT,
    "token_address" TEXT,
    "deposit_address" TEXT,
    "derivation_index" INTEGER,
    "expires_at" TIMESTAMP(3),
    "transfers" JSONB NOT NULL DEFAULT '[]',
    "stripe_invoice_id" TEXT,
    "confirmed_by" TEXT,
    "succeeded_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_processor_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_processor_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_audit_log" (
    "id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "tenant_id" TEXT,
    "target" TEXT,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "actor" TEXT NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_api_calls" (
    "tenant_id" TEXT NOT NULL,
    "period_start" TIMESTAMP(3) NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_api_calls_pkey" PRIMARY KEY ("tenant_id","period_start")
);

-- CreateTable
CREATE TABLE "billing_chain_writes" (
    "tenant_id" TEXT NOT NULL,
    "period_start" TIMESTAMP(3) NOT NULL,
    "writes" INTEGER NOT NULL DEFAULT 0,
    "local_writes" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_chain_writes_pkey" PRIMARY KEY ("tenant_id","period_start")
);

-- CreateTable
CREATE TABLE "wallets" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "address" TEXT NOT NULL,
    "encrypted_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_nonces" (
    "address" TEXT NOT NULL,
    "chain_key" TEXT NOT NULL,
    "next_nonce" INTEGER NOT NULL,
    "wake_requested" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_nonces_pkey" PRIMARY KEY ("address","chain_key")
);

-- CreateTable
CREATE TABLE "tokens" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "standard" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "decimals" INTEGER NOT NULL,
    "initial_supply" TEXT NOT NULL,
    "features" JSONB NOT NULL,
    "address" TEXT,
    "deploy_tx_id" TEXT,
    "failure_reason" TEXT,
    "regulated" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "chain_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "submitter" TEXT NOT NULL DEFAULT 'eoa',
    "token_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "from_address" TEXT NOT NULL,
    "to_address" TEXT,
    "data" TEXT NOT NULL,
    "value" TEXT NOT NULL DEFAULT '0',
    "request" JSONB NOT NULL,
    "effect" JSONB,
    "nonce" INTEGER,
    "hash" TEXT,
    "hashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "raw_transaction" TEXT,
    "gas_limit" TEXT,
    "max_fee_per_gas" TEXT,
    "max_priority_fee_per_gas" TEXT,
    "block_number" BIGINT,
    "gas_used" TEXT,
    "contract_address" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "fee_cap_reached_at" TIMESTAMP(3),
    "fee_cap_network_fee" TEXT,
    "cancel_requested_at" TIMESTAMP(3),
    "cancel_hash" TEXT,
    "block_hash" TEXT,
    "reorgs" INTEGER NOT NULL DEFAULT 0,
    "submitted_at" TIMESTAMP(3),
    "confirmed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_claim" TEXT,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chain_log_subscriptions" (
    "id" TEXT NOT NULL,
    "chain_key" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "topic0" TEXT NOT NULL,
    "abi_event" JSONB NOT NULL,
    "topic_filter" TEXT NOT NULL DEFAULT '',
    "from_block" BIGINT NOT NULL,
    "scanned_to" BIGINT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "wanted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_log_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chain_log_cursors" (
    "chain_key" TEXT NOT NULL,
    "last_block" BIGINT NOT NULL,
    "last_block_hash" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_log_cursors_pkey" PRIMARY KEY ("chain_key")
);

-- CreateTable
CREATE TABLE "chain_log_blocks" (
    "chain_key" TEXT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,

    CONSTRAINT "chain_log_blocks_pkey" PRIMARY KEY ("chain_key","block_number")
);

-- CreateTable
CREATE TABLE "chain_log_deliveries" (
    "chain_key" TEXT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_log_deliveries_pkey" PRIMARY KEY ("chain_key","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "transaction_attempts" (
    "transaction_id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'call',
    "gas_limit" TEXT,
    "max_fee_per_gas" TEXT,
    "max_priority_fee_per_gas" TEXT,
    "signed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "replaced_by" TEXT,
    "dropped_at" TIMESTAMP(3),
    "block_number" BIGINT,
    "block_hash" TEXT,
    "gas_used" TEXT,
    "effective_gas_price" TEXT,
    "mined_at" TIMESTAMP(3),
    "revert_reason" TEXT,
    "reorged_from_block" BIGINT,

    CONSTRAINT "transaction_attempts_pkey" PRIMARY KEY ("transaction_id","hash")
);

-- CreateTable
CREATE TABLE "compliance_modules" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "kind" TEXT NOT NULL,
    "network" TEXT,
    "on_chain" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL,
    "address" TEXT,
    "implementation" TEXT,
    "token_id" TEXT,
    "compliance" TEXT,
    "bound" BOOLEAN NOT NULL DEFAULT false,
    "params" JSONB NOT NULL DEFAULT '{}',
    "deploy_tx_id" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_claim" TEXT,

    CONSTRAINT "compliance_modules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "decrypt_requests" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "network" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "contract_address" TEXT NOT NULL,
    "gateway_signer" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "plaintext" TEXT,
    "signature" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "fulfilled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "decrypt_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_end_user_challenges" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "purpose" TEXT NOT NULL,
    "challenge" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_end_user_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_settings" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "google_client_id" TEXT,
    "apple_client_id" TEXT,
    "rp_id" TEXT,
    "rp_name" TEXT,
    "wallet_mode" TEXT NOT NULL DEFAULT 'custodial',
    "owner_signer" TEXT,
    "owner_proof_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_settings_pkey" PRIMARY KEY ("tenant_id","livemode")
);

-- CreateTable
CREATE TABLE "connect_oauth_links" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_oauth_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_siwe_nonces" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "nonce" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connect_siwe_nonces_pkey" PRIMARY KEY ("tenant_id","livemode","nonce")
);

-- CreateTable
CREATE TABLE "connect_passkeys" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "public_key_x" TEXT,
    "public_key_y" TEXT,
    "algorithm" INTEGER NOT NULL DEFAULT -7,
    "sign_count" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "aaguid" TEXT,
    "device_type" TEXT,
    "backed_up" BOOLEAN,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_paymasters" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "chain_id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "signer_address" TEXT NOT NULL,
    "encrypted_key" TEXT NOT NULL,
    "name" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "deactivated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_paymasters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_oauth_clients" (
    "provider" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_oauth_clients_pkey" PRIMARY KEY ("provider","client_id")
);

-- CreateTable
CREATE TABLE "connect_oauth_nonces" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "nonce" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connect_oauth_nonces_pkey" PRIMARY KEY ("tenant_id","livemode","nonce")
);

-- CreateTable
CREATE TABLE "connect_oauth_used_tokens" (
    "key" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connect_oauth_used_tokens_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "connect_recovery_configs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "guardians" TEXT[],
    "threshold" INTEGER NOT NULL,
    "timelock_seconds" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_recovery_configs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_recovery_requests" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "initiated_by" TEXT NOT NULL,
    "confirmations" TEXT[],
    "new_validator" TEXT NOT NULL,
    "new_validator_data" TEXT NOT NULL,
    "new_signer" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "executable_at" TIMESTAMPTZ(3),
    "initiated_tx_hash" TEXT,
    "cancel_user_op_hash" TEXT,
    "executed_tx_hash" TEXT,
    "executed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_recovery_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_session_keys" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "chain_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "signer" TEXT NOT NULL,
    "name" TEXT,
    "validator_address" TEXT NOT NULL,
    "server_held" BOOLEAN NOT NULL DEFAULT false,
    "encrypted_key" TEXT,
    "valid_after" BIGINT NOT NULL DEFAULT 0,
    "valid_until" BIGINT NOT NULL,
    "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "targets" TEXT[],
    "selectors" TEXT[],
    "value_limit" TEXT NOT NULL,
    "gas_limit" BIGINT,
    "paymaster_policy" TEXT NOT NULL DEFAULT 'any',
    "paymaster_address" TEXT,
    "activated_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_session_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_accounts" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "chain_id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "signer" TEXT NOT NULL,
    "validator" TEXT NOT NULL,
    "validator_address" TEXT NOT NULL,
    "factory_address" TEXT NOT NULL,
    "entry_point" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "init_data" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_relay_operations" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "chain_id" TEXT NOT NULL,
    "sender" TEXT NOT NULL,
    "user_op_hash" TEXT NOT NULL,
    "entry_point" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "call_data" TEXT NOT NULL,
    "user_operation" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "transaction_hash" TEXT,
    "block_number" TEXT,
    "block_hash" TEXT,
    "success" BOOLEAN,
    "actual_gas_cost" TEXT,
    "actual_gas_used" TEXT,
    "failure_reason" TEXT,
    "transaction_id" TEXT,
    "submitted_at" TIMESTAMP(3),
    "submitted_block" BIGINT,
    "confirmed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_relay_operations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant_features" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "feature" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_features_pkey" PRIMARY KEY ("tenant_id","livemode","feature")
);

-- CreateTable
CREATE TABLE "governance_instances" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_id" TEXT,
    "token_address" TEXT NOT NULL,
    "governor_address" TEXT,
    "timelock_address" TEXT,
    "voting_delay" TEXT NOT NULL,
    "voting_period" TEXT NOT NULL,
    "proposal_threshold" TEXT NOT NULL,
    "quorum_numerator" TEXT NOT NULL,
    "min_delay" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "deploy_tx_id" TEXT NOT NULL,
    "last_tx_id" TEXT NOT NULL,
    "failure_reason" TEXT,
    "synced_block" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "governance_instances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "governance_proposals" (
    "id" TEXT NOT NULL,
    "governance_id" TEXT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "proposer" TEXT,
    "targets" TEXT[],
    "values" TEXT[],
    "calldatas" TEXT[],
    "description" TEXT NOT NULL,
    "description_hash" TEXT NOT NULL,
    "vote_start" TEXT,
    "vote_end" TEXT,
    "propose_tx_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "governance_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "governance_logs" (
    "governance_id" TEXT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "transaction_hash" TEXT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "governance_logs_pkey" PRIMARY KEY ("governance_id","block_hash","log_index")
);

-- CreateTable
CREATE TABLE "identities" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "token_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "registry" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "identity_address" TEXT,
    "country" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "last_tx_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "identities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "identity_claims" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "identity_id" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "scheme" INTEGER NOT NULL DEFAULT 1,
    "issuer" TEXT,
    "claim_issuer_id" TEXT,
    "signature" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "uri" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "add_tx_id" TEXT,
    "remove_tx_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_claim" TEXT,

    CONSTRAINT "identity_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claim_issuers" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "address" TEXT,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "deploy_tx_id" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "claim_issuers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_runs" (
    "id" TEXT NOT NULL,
    "function_id" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "steps" JSONB NOT NULL DEFAULT '{}',
    "stack" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "pending" JSONB NOT NULL DEFAULT '{}',
    "wait_events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "wake_seq" INTEGER NOT NULL DEFAULT 0,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "concurrency_key" TEXT,
    "concurrency_max" INTEGER,
    "parent_run_id" TEXT,
    "output" JSONB,
    "error" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_events" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "idempotency_key" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seq" BIGSERIAL NOT NULL,
    "pending_apps" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "job_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_apps" (
    "id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_apps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_cron_schedules" (
    "function_id" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "last_tick_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_cron_schedules_pkey" PRIMARY KEY ("function_id","cron")
);

-- CreateTable
CREATE TABLE "multisigs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "owners" TEXT[],
    "threshold" INTEGER NOT NULL,
    "salt_nonce" TEXT NOT NULL,
    "singleton" TEXT NOT NULL,
    "proxy_factory" TEXT NOT NULL,
    "fallback_handler" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "deploy_tx_id" TEXT NOT NULL,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "multisigs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "multisig_transactions" (
    "id" TEXT NOT NULL,
    "multisig_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "tx_index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'call',
    "to_address" TEXT NOT NULL,
    "value" TEXT NOT NULL DEFAULT '0',
    "data" TEXT NOT NULL DEFAULT '0x',
    "nonce" BIGINT NOT NULL,
    "safe_tx_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'proposed',
    "exec_tx_id" TEXT,
    "executed_tx_hash" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_claim" TEXT,

    CONSTRAINT "multisig_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "multisig_signatures" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "multisig_id" TEXT NOT NULL,
    "multisig_tx_id" TEXT NOT NULL,
    "safe_tx_hash" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "multisig_signatures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claim_id" TEXT,
    "heartbeat_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("tenant_id","livemode","key")
);

-- CreateTable
CREATE TABLE "rate_limit_windows" (
    "key" TEXT NOT NULL,
    "bucket_starts" BIGINT[],
    "bucket_counts" INTEGER[],
    "granted" INTEGER NOT NULL DEFAULT 0,
    "lim" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_limit_windows_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "events" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "livemode" BOOLEAN,
    "dispatched_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_request_logs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "api_key_id" TEXT,
    "user_id" TEXT,
    "idempotency_key" TEXT,
    "request_body_id" TEXT,
    "response_body_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_request_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_request_bodies" (
    "id" TEXT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "api_request_bodies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_feed_consumers" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pair" TEXT NOT NULL,
    "price_feed_address" TEXT NOT NULL,
    "max_age_seconds" BIGINT NOT NULL,
    "address" TEXT,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "deploy_tx_id" TEXT NOT NULL,
    "last_tx_id" TEXT NOT NULL,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "price_feed_consumers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trusted_issuers" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "token_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "claim_topics" TEXT[],
    "pending_claim_topics" JSONB,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "last_tx_id" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trusted_issuers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claim_topics" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "token_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "name" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "last_tx_id" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "claim_topics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vaults" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "asset_token_id" TEXT,
    "asset_address" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "address" TEXT,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "deploy_tx_id" TEXT NOT NULL,
    "last_tx_id" TEXT NOT NULL,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vaults_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vault_operations" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "vault_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "preview" TEXT NOT NULL,
    "receiver" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "approved_assets" TEXT,
    "approve_tx_id" TEXT,
    "tx_id" TEXT,
    "assets" TEXT,
    "shares" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vault_operations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vesting_schedules" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "network" TEXT NOT NULL,
    "token_id" TEXT,
    "token_address" TEXT NOT NULL,
    "beneficiary" TEXT NOT NULL,
    "start" TIMESTAMP(3) NOT NULL,
    "duration_seconds" BIGINT NOT NULL,
    "cliff_seconds" BIGINT NOT NULL,
    "amount" TEXT,
    "address" TEXT,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "released_total" TEXT NOT NULL DEFAULT '0',
    "deploy_tx_id" TEXT NOT NULL,
    "fund_tx_id" TEXT,
    "last_tx_id" TEXT NOT NULL,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vesting_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vrf_consumers" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "coordinator" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "subscription_id" TEXT NOT NULL,
    "request_confirmations" INTEGER NOT NULL,
    "callback_gas_limit" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'deploying',
    "deploy_tx_id" TEXT NOT NULL,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vrf_consumers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vrf_requests" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "consumer_id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "coordinator" TEXT NOT NULL,
    "consumer" TEXT NOT NULL,
    "num_words" INTEGER NOT NULL,
    "request_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'requesting',
    "random_words" TEXT[],
    "tx_id" TEXT NOT NULL,
    "failure_reason" TEXT,
    "fulfilled_at" TIMESTAMP(3),
    "fulfilled_block_hash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vrf_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet_alert_settings" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "low_balance_runway_days" DOUBLE PRECISION DEFAULT 3,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_alert_settings_pkey" PRIMARY KEY ("tenant_id","livemode")
);

-- CreateTable
CREATE TABLE "wallet_runway_alerts" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "address" TEXT NOT NULL,
    "chain_key" TEXT NOT NULL,
    "low" BOOLEAN NOT NULL,
    "changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_runway_alerts_pkey" PRIMARY KEY ("tenant_id","livemode","address","chain_key")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "encrypted_secret" TEXT NOT NULL,
    "encrypted_previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL DEFAULT 'enabled',
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "response_status" INTEGER,
    "duration_ms" INTEGER,
    "last_error" TEXT,
    "response_body" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "succeeded_at" TIMESTAMPTZ(3),
    "enqueued_at" TIMESTAMPTZ(3),
    "run_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "delivery_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "timestamp" INTEGER,
    "signature" TEXT,
    "ok" BOOLEAN NOT NULL,
    "response_status" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("delivery_id","number")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_tenant_id_idx" ON "users"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens"("family_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_previous_secret_hash_key" ON "api_keys"("previous_secret_hash");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_publishable_key" ON "api_keys"("publishable");

-- CreateIndex
CREATE INDEX "api_keys_tenant_id_id_idx" ON "api_keys"("tenant_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");

-- CreateIndex
CREATE INDEX "invitations_tenant_id_id_idx" ON "invitations"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "audit_log_tenant_id_id_idx" ON "audit_log"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "user_passkeys_credential_id_key" ON "user_passkeys"("credential_id");

-- CreateIndex
CREATE INDEX "user_passkeys_user_id_idx" ON "user_passkeys"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripe_customer_id_key" ON "subscriptions"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions"("stripe_subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_deposit_address_key" ON "billing_payments"("deposit_address");

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_derivation_index_key" ON "billing_payments"("derivation_index");

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_stripe_invoice_id_key" ON "billing_payments"("stripe_invoice_id");

-- CreateIndex
CREATE INDEX "billing_payments_tenant_id_id_idx" ON "billing_payments"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "billing_payments_status_id_idx" ON "billing_payments"("status", "id");

-- CreateIndex
CREATE INDEX "admin_audit_log_tenant_id_id_idx" ON "admin_audit_log"("tenant_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "wallets_address_key" ON "wallets"("address");

-- CreateIndex
CREATE UNIQUE INDEX "wallets_tenant_id_livemode_key" ON "wallets"("tenant_id", "livemode");

-- CreateIndex
CREATE INDEX "tokens_tenant_id_livemode_id_idx" ON "tokens"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_idempotency_claim_key" ON "transactions"("idempotency_claim");

-- CreateIndex
CREATE INDEX "transactions_tenant_id_livemode_id_idx" ON "transactions"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "transactions_token_id_id_idx" ON "transactions"("token_id", "id");

-- CreateIndex
CREATE INDEX "transactions_status_updated_at_idx" ON "transactions"("status", "updated_at");

-- CreateIndex
CREATE INDEX "transactions_from_address_chain_key_status_nonce_idx" ON "transactions"("from_address", "chain_key", "status", "nonce");

-- CreateIndex
CREATE INDEX "transactions_from_address_chain_key_block_number_idx" ON "transactions"("from_address", "chain_key", "block_number");

-- CreateIndex
CREATE INDEX "chain_log_subscriptions_chain_key_active_scanned_to_idx" ON "chain_log_subscriptions"("chain_key", "active", "scanned_to");

-- CreateIndex
CREATE INDEX "chain_log_deliveries_chain_key_block_number_idx" ON "chain_log_deliveries"("chain_key", "block_number");

-- CreateIndex
CREATE INDEX "transaction_attempts_mined_at_idx" ON "transaction_attempts"("mined_at");

-- CreateIndex
CREATE UNIQUE INDEX "compliance_modules_idempotency_claim_key" ON "compliance_modules"("idempotency_claim");

-- CreateIndex
CREATE INDEX "compliance_modules_tenant_id_livemode_id_idx" ON "compliance_modules"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "compliance_modules_tenant_id_livemode_token_id_idx" ON "compliance_modules"("tenant_id", "livemode", "token_id");

-- CreateIndex
CREATE INDEX "decrypt_requests_tenant_id_livemode_id_idx" ON "decrypt_requests"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_end_user_challenges_challenge_key" ON "connect_end_user_challenges"("challenge");

-- CreateIndex
CREATE INDEX "connect_end_user_challenges_expires_at_idx" ON "connect_end_user_challenges"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "connect_oauth_links_tenant_id_livemode_provider_subject_key" ON "connect_oauth_links"("tenant_id", "livemode", "provider", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "connect_oauth_links_account_id_provider_key" ON "connect_oauth_links"("account_id", "provider");

-- CreateIndex
CREATE INDEX "connect_passkeys_account_id_id_idx" ON "connect_passkeys"("account_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_passkeys_tenant_id_livemode_credential_id_key" ON "connect_passkeys"("tenant_id", "livemode", "credential_id");

-- CreateIndex
CREATE INDEX "connect_paymasters_tenant_id_livemode_id_idx" ON "connect_paymasters"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_paymasters_tenant_id_livemode_chain_id_address_key" ON "connect_paymasters"("tenant_id", "livemode", "chain_id", "address");

-- CreateIndex
CREATE INDEX "connect_oauth_clients_tenant_id_idx" ON "connect_oauth_clients"("tenant_id");

-- CreateIndex
CREATE INDEX "connect_oauth_nonces_expires_at_idx" ON "connect_oauth_nonces"("expires_at");

-- CreateIndex
CREATE INDEX "connect_oauth_used_tokens_expires_at_idx" ON "connect_oauth_used_tokens"("expires_at");

-- CreateIndex
CREATE INDEX "connect_recovery_configs_tenant_id_livemode_idx" ON "connect_recovery_configs"("tenant_id", "livemode");

-- CreateIndex
CREATE UNIQUE INDEX "connect_recovery_configs_account_id_key" ON "connect_recovery_configs"("account_id");

-- CreateIndex
CREATE INDEX "connect_recovery_requests_account_id_status_idx" ON "connect_recovery_requests"("account_id", "status");

-- CreateIndex
CREATE INDEX "connect_recovery_requests_tenant_id_livemode_id_idx" ON "connect_recovery_requests"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "connect_session_keys_tenant_id_livemode_account_id_id_idx" ON "connect_session_keys"("tenant_id", "livemode", "account_id", "id");

-- CreateIndex
CREATE INDEX "connect_session_keys_tenant_id_livemode_account_signer_idx" ON "connect_session_keys"("tenant_id", "livemode", "account", "signer");

-- CreateIndex
CREATE INDEX "connect_accounts_tenant_id_livemode_address_idx" ON "connect_accounts"("tenant_id", "livemode", "address");

-- CreateIndex
CREATE UNIQUE INDEX "connect_accounts_tenant_id_livemode_signer_chain_id_key" ON "connect_accounts"("tenant_id", "livemode", "signer", "chain_id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_relay_operations_transaction_id_key" ON "connect_relay_operations"("transaction_id");

-- CreateIndex
CREATE INDEX "connect_relay_operations_tenant_id_livemode_sender_id_idx" ON "connect_relay_operations"("tenant_id", "livemode", "sender", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_relay_operations_tenant_id_livemode_user_op_hash_key" ON "connect_relay_operations"("tenant_id", "livemode", "user_op_hash");

-- CreateIndex
CREATE INDEX "governance_instances_tenant_id_livemode_id_idx" ON "governance_instances"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "governance_instances_network_governor_address_idx" ON "governance_instances"("network", "governor_address");

-- CreateIndex
CREATE INDEX "governance_instances_network_token_address_idx" ON "governance_instances"("network", "token_address");

-- CreateIndex
CREATE INDEX "governance_proposals_governance_id_id_idx" ON "governance_proposals"("governance_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "governance_proposals_governance_id_proposal_id_key" ON "governance_proposals"("governance_id", "proposal_id");

-- CreateIndex
CREATE INDEX "identities_tenant_id_livemode_id_idx" ON "identities"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "identities_token_id_wallet_idx" ON "identities"("token_id", "wallet");

-- CreateIndex
CREATE UNIQUE INDEX "identity_claims_idempotency_claim_key" ON "identity_claims"("idempotency_claim");

-- CreateIndex
CREATE INDEX "identity_claims_identity_id_id_idx" ON "identity_claims"("identity_id", "id");

-- CreateIndex
CREATE INDEX "identity_claims_claim_issuer_id_status_idx" ON "identity_claims"("claim_issuer_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "claim_issuers_tenant_id_livemode_network_key" ON "claim_issuers"("tenant_id", "livemode", "network");

-- CreateIndex
CREATE INDEX "job_runs_status_next_run_at_idx" ON "job_runs"("status", "next_run_at");

-- CreateIndex
CREATE INDEX "job_runs_concurrency_key_status_idx" ON "job_runs"("concurrency_key", "status");

-- CreateIndex
CREATE INDEX "job_runs_function_id_created_at_idx" ON "job_runs"("function_id", "created_at");

-- CreateIndex
CREATE INDEX "job_runs_wait_events_idx" ON "job_runs" USING GIN ("wait_events");

-- CreateIndex
CREATE UNIQUE INDEX "job_events_idempotency_key_key" ON "job_events"("idempotency_key");

-- CreateIndex
CREATE INDEX "job_events_pending_apps_idx" ON "job_events" USING GIN ("pending_apps");

-- CreateIndex
CREATE INDEX "job_events_name_received_at_idx" ON "job_events"("name", "received_at");

-- CreateIndex
CREATE INDEX "multisigs_tenant_id_livemode_id_idx" ON "multisigs"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "multisigs_network_address_idx" ON "multisigs"("network", "address");

-- CreateIndex
CREATE UNIQUE INDEX "multisig_transactions_idempotency_claim_key" ON "multisig_transactions"("idempotency_claim");

-- CreateIndex
CREATE INDEX "multisig_transactions_safe_tx_hash_idx" ON "multisig_transactions"("safe_tx_hash");

-- CreateIndex
CREATE UNIQUE INDEX "multisig_transactions_multisig_id_tx_index_key" ON "multisig_transactions"("multisig_id", "tx_index");

-- CreateIndex
CREATE INDEX "multisig_signatures_tenant_id_livemode_multisig_id_idx" ON "multisig_signatures"("tenant_id", "livemode", "multisig_id");

-- CreateIndex
CREATE UNIQUE INDEX "multisig_signatures_multisig_tx_id_owner_key" ON "multisig_signatures"("multisig_tx_id", "owner");

-- CreateIndex
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"("created_at");

-- CreateIndex
CREATE INDEX "events_tenant_id_id_idx" ON "events"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "events_tenant_id_type_id_idx" ON "events"("tenant_id", "type", "id");

-- CreateIndex
CREATE INDEX "events_dispatched_at_id_idx" ON "events"("dispatched_at", "id");

-- CreateIndex
CREATE INDEX "api_request_logs_tenant_id_livemode_id_idx" ON "api_request_logs"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "api_request_logs_created_at_idx" ON "api_request_logs"("created_at");

-- CreateIndex
CREATE INDEX "price_feed_consumers_tenant_id_livemode_id_idx" ON "price_feed_consumers"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE UNIQUE INDEX "price_feed_consumers_tenant_id_livemode_network_pair_key" ON "price_feed_consumers"("tenant_id", "livemode", "network", "pair") WHERE (status <> 'failed');

-- CreateIndex
CREATE INDEX "trusted_issuers_tenant_id_livemode_id_idx" ON "trusted_issuers"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "trusted_issuers_token_id_issuer_idx" ON "trusted_issuers"("token_id", "issuer");

-- CreateIndex
CREATE INDEX "claim_topics_tenant_id_livemode_id_idx" ON "claim_topics"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "claim_topics_token_id_topic_idx" ON "claim_topics"("token_id", "topic");

-- CreateIndex
CREATE INDEX "vaults_tenant_id_livemode_id_idx" ON "vaults"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "vault_operations_tenant_id_livemode_vault_id_id_idx" ON "vault_operations"("tenant_id", "livemode", "vault_id", "id");

-- CreateIndex
CREATE INDEX "vault_operations_vault_id_owner_status_idx" ON "vault_operations"("vault_id", "owner", "status");

-- CreateIndex
CREATE INDEX "vesting_schedules_tenant_id_livemode_id_idx" ON "vesting_schedules"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "vrf_consumers_tenant_id_livemode_id_idx" ON "vrf_consumers"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "vrf_requests_tenant_id_livemode_id_idx" ON "vrf_requests"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "vrf_requests_coordinator_request_id_idx" ON "vrf_requests"("coordinator", "request_id");

-- CreateIndex
CREATE INDEX "webhook_endpoints_tenant_id_livemode_id_idx" ON "webhook_endpoints"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_id_idx" ON "webhook_deliveries"("endpoint_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_status_id_idx" ON "webhook_deliveries"("endpoint_id", "status", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_tenant_id_created_at_idx" ON "webhook_deliveries"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_enqueued_at_created_at_idx" ON "webhook_deliveries"("enqueued_at", "created_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_fkey" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_passkeys" ADD CONSTRAINT "user_passkeys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
