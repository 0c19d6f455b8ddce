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
    "success" BOOLEAN,
    "actual_gas_cost" TEXT,
    "actual_gas_used" TEXT,
    "failure_reason" TEXT,
    "submitted_at" TIMESTAMP(3),
    "confirmed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_relay_operations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "connect_accounts_tenant_id_livemode_address_idx" ON "connect_accounts"("tenant_id", "livemode", "address");

-- CreateIndex
CREATE UNIQUE INDEX "connect_accounts_tenant_id_livemode_signer_chain_id_key" ON "connect_accounts"("tenant_id", "livemode", "signer", "chain_id");

-- CreateIndex
CREATE INDEX "connect_relay_operations_tenant_id_livemode_sender_id_idx" ON "connect_relay_operations"("tenant_id", "livemode", "sender", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_relay_operations_tenant_id_livemode_user_op_hash_key" ON "connect_relay_operations"("tenant_id", "livemode", "user_op_hash");
