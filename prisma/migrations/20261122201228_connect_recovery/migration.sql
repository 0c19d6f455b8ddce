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
    "executable_at" TIMESTAMPTZ(3) NOT NULL,
    "executed_tx_hash" TEXT,
    "executed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_recovery_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "connect_recovery_configs_tenant_id_livemode_idx" ON "connect_recovery_configs"("tenant_id", "livemode");

-- CreateIndex
CREATE UNIQUE INDEX "connect_recovery_configs_account_id_key" ON "connect_recovery_configs"("account_id");

-- CreateIndex
CREATE INDEX "connect_recovery_requests_account_id_status_idx" ON "connect_recovery_requests"("account_id", "status");

-- CreateIndex
CREATE INDEX "connect_recovery_requests_tenant_id_livemode_id_idx" ON "connect_recovery_requests"("tenant_id", "livemode", "id");
