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

-- CreateIndex
CREATE INDEX "vesting_schedules_tenant_id_livemode_id_idx" ON "vesting_schedules"("tenant_id", "livemode", "id");
