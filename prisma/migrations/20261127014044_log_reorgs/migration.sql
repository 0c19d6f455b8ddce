-- AlterTable
ALTER TABLE "connect_relay_operations" ADD COLUMN     "block_hash" TEXT;

-- AlterTable
ALTER TABLE "vrf_requests" ADD COLUMN     "fulfilled_block_hash" TEXT;

-- CreateTable
CREATE TABLE "chain_log_deliveries" (
    "chain_key" TEXT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_log_deliveries_pkey" PRIMARY KEY ("chain_key","block_hash","log_index")
);

-- CreateIndex
CREATE INDEX "chain_log_deliveries_chain_key_block_number_idx" ON "chain_log_deliveries"("chain_key", "block_number");
