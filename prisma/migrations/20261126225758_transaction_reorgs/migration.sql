-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "block_hash" TEXT,
ADD COLUMN     "reorgs" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "transactions_from_address_chain_key_block_number_idx" ON "transactions"("from_address", "chain_key", "block_number");
