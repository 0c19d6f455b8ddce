-- CreateTable
CREATE TABLE "vault_operations" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "vault_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "preview" TEXT NOT NULL,
    "receiver" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "approved_assets" TEXT,
    "approve_tx_id" TEXT,
    "tx_id" TEXT,
    "assets" TEXT,
    "shares" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vault_operations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "vault_operations_tenant_id_livemode_vault_id_id_idx" ON "vault_operations"("tenant_id", "livemode", "vault_id", "id");
