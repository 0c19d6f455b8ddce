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
