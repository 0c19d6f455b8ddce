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

-- CreateIndex
CREATE INDEX "price_feed_consumers_tenant_id_livemode_id_idx" ON "price_feed_consumers"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE UNIQUE INDEX "price_feed_consumers_tenant_id_livemode_network_pair_key" ON "price_feed_consumers"("tenant_id", "livemode", "network", "pair");
