-- CreateTable
CREATE TABLE "billing_api_calls" (
    "tenant_id" TEXT NOT NULL,
    "period_start" TIMESTAMP(3) NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_api_calls_pkey" PRIMARY KEY ("tenant_id","period_start")
);
