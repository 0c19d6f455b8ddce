-- CreateTable
CREATE TABLE "compliance_modules" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "kind" TEXT NOT NULL,
    "network" TEXT,
    "on_chain" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL,
    "address" TEXT,
    "implementation" TEXT,
    "token_id" TEXT,
    "compliance" TEXT,
    "bound" BOOLEAN NOT NULL DEFAULT false,
    "params" JSONB NOT NULL DEFAULT '{}',
    "deploy_tx_id" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_modules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "compliance_modules_tenant_id_livemode_id_idx" ON "compliance_modules"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "compliance_modules_tenant_id_livemode_token_id_idx" ON "compliance_modules"("tenant_id", "livemode", "token_id");
