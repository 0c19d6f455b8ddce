-- CreateTable
CREATE TABLE "chain_log_blocks" (
    "chain_key" TEXT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,

    CONSTRAINT "chain_log_blocks_pkey" PRIMARY KEY ("chain_key","block_number")
);
