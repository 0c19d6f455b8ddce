-- CreateTable
CREATE TABLE "billing_chain_writes" (
    "tenant_id" TEXT NOT NULL,
    "period_start" TIMESTAMP(3) NOT NULL,
    "writes" INTEGER NOT NULL DEFAULT 0,
    "local_writes" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_chain_writes_pkey" PRIMARY KEY ("tenant_id","period_start")
);
