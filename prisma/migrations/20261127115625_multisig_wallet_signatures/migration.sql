-- CreateTable
CREATE TABLE "multisig_signatures" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "multisig_id" TEXT NOT NULL,
    "multisig_tx_id" TEXT NOT NULL,
    "safe_tx_hash" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "multisig_signatures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "multisig_signatures_tenant_id_livemode_multisig_id_idx" ON "multisig_signatures"("tenant_id", "livemode", "multisig_id");

-- CreateIndex
CREATE UNIQUE INDEX "multisig_signatures_multisig_tx_id_owner_key" ON "multisig_signatures"("multisig_tx_id", "owner");
