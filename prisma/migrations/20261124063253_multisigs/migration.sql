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

    CONSTRAINT "multisig_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "multisigs_tenant_id_livemode_id_idx" ON "multisigs"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "multisigs_network_address_idx" ON "multisigs"("network", "address");

-- CreateIndex
CREATE INDEX "multisig_transactions_safe_tx_hash_idx" ON "multisig_transactions"("safe_tx_hash");

-- CreateIndex
CREATE UNIQUE INDEX "multisig_transactions_multisig_id_tx_index_key" ON "multisig_transactions"("multisig_id", "tx_index");
