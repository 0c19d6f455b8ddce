-- AlterTable
ALTER TABLE "compliance_modules" ADD COLUMN     "idempotency_claim" TEXT;

-- AlterTable
ALTER TABLE "identity_claims" ADD COLUMN     "idempotency_claim" TEXT;

-- AlterTable
ALTER TABLE "multisig_transactions" ADD COLUMN     "idempotency_claim" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "compliance_modules_idempotency_claim_key" ON "compliance_modules"("idempotency_claim");

-- CreateIndex
CREATE UNIQUE INDEX "identity_claims_idempotency_claim_key" ON "identity_claims"("idempotency_claim");

-- CreateIndex
CREATE UNIQUE INDEX "multisig_transactions_idempotency_claim_key" ON "multisig_transactions"("idempotency_claim");
