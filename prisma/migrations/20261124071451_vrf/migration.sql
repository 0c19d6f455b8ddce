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
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vrf_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "vrf_consumers_tenant_id_livemode_id_idx" ON "vrf_consumers"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "vrf_requests_tenant_id_livemode_id_idx" ON "vrf_requests"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "vrf_requests_coordinator_request_id_idx" ON "vrf_requests"("coordinator", "request_id");
