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
    "targets" TEXT[],
    "selectors" TEXT[],
    "value_limit" TEXT NOT NULL,
    "activated_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_session_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "connect_session_keys_tenant_id_livemode_account_id_id_idx" ON "connect_session_keys"("tenant_id", "livemode", "account_id", "id");

-- CreateIndex
CREATE INDEX "connect_session_keys_tenant_id_livemode_account_signer_idx" ON "connect_session_keys"("tenant_id", "livemode", "account", "signer");
