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

-- CreateIndex
CREATE INDEX "identities_tenant_id_livemode_id_idx" ON "identities"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "identities_token_id_wallet_idx" ON "identities"("token_id", "wallet");

-- CreateIndex
CREATE INDEX "identity_claims_identity_id_id_idx" ON "identity_claims"("identity_id", "id");

-- CreateIndex
CREATE INDEX "identity_claims_claim_issuer_id_status_idx" ON "identity_claims"("claim_issuer_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "claim_issuers_tenant_id_livemode_network_key" ON "claim_issuers"("tenant_id", "livemode", "network");

-- CreateIndex
CREATE INDEX "trusted_issuers_tenant_id_livemode_id_idx" ON "trusted_issuers"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "trusted_issuers_token_id_issuer_idx" ON "trusted_issuers"("token_id", "issuer");

-- CreateIndex
CREATE INDEX "claim_topics_tenant_id_livemode_id_idx" ON "claim_topics"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "claim_topics_token_id_topic_idx" ON "claim_topics"("token_id", "topic");
