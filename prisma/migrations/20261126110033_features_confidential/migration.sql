-- CreateTable
CREATE TABLE "decrypt_requests" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "network" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "contract_address" TEXT NOT NULL,
    "gateway_signer" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "plaintext" TEXT,
    "signature" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "fulfilled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "decrypt_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant_features" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "feature" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_features_pkey" PRIMARY KEY ("tenant_id","livemode","feature")
);

-- CreateIndex
CREATE INDEX "decrypt_requests_tenant_id_livemode_id_idx" ON "decrypt_requests"("tenant_id", "livemode", "id");
