-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "response_body" TEXT;

-- CreateTable
CREATE TABLE "api_request_logs" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "api_key_id" TEXT,
    "user_id" TEXT,
    "idempotency_key" TEXT,
    "request_body_id" TEXT,
    "response_body_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_request_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_request_bodies" (
    "id" TEXT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "api_request_bodies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "delivery_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "timestamp" INTEGER,
    "signature" TEXT,
    "ok" BOOLEAN NOT NULL,
    "response_status" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("delivery_id","number")
);

-- CreateIndex
CREATE INDEX "api_request_logs_tenant_id_livemode_id_idx" ON "api_request_logs"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE INDEX "api_request_logs_created_at_idx" ON "api_request_logs"("created_at");

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
