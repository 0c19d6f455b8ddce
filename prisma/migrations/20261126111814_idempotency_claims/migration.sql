-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "idempotency_claim" TEXT;

-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "claim_id" TEXT,
ADD COLUMN     "heartbeat_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE UNIQUE INDEX "transactions_idempotency_claim_key" ON "transactions"("idempotency_claim");
