-- CreateTable
CREATE TABLE "chain_log_subscriptions" (
    "id" TEXT NOT NULL,
    "chain_key" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "topic0" TEXT NOT NULL,
    "abi_event" JSONB NOT NULL,
    "from_block" BIGINT NOT NULL,
    "scanned_to" BIGINT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
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

-- CreateIndex
CREATE INDEX "chain_log_subscriptions_chain_key_active_scanned_to_idx" ON "chain_log_subscriptions"("chain_key", "active", "scanned_to");
