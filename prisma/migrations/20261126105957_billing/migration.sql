-- CreateTable
CREATE TABLE "subscriptions" (
    "tenant_id" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "status" TEXT NOT NULL DEFAULT 'active',
    "source" TEXT NOT NULL DEFAULT 'free',
    "stripe_customer_id" TEXT,
    "stripe_subscription_id" TEXT,
    "current_period_start" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "current_period_end" TIMESTAMP(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "billing_payments" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "currency" TEXT NOT NULL,
    "amount_due" TEXT NOT NULL,
    "amount_received" TEXT NOT NULL DEFAULT '0',
    "excess_amount" TEXT NOT NULL DEFAULT '0',
    "network" TEXT,
    "token_address" TEXT,
    "deposit_address" TEXT,
    "derivation_index" INTEGER,
    "expires_at" TIMESTAMP(3),
    "transfers" JSONB NOT NULL DEFAULT '[]',
    "stripe_invoice_id" TEXT,
    "stripe_session_id" TEXT,
    "confirmed_by" TEXT,
    "succeeded_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_processor_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_processor_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_audit_log" (
    "id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "tenant_id" TEXT,
    "target" TEXT,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "actor" TEXT NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripe_customer_id_key" ON "subscriptions"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions"("stripe_subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_deposit_address_key" ON "billing_payments"("deposit_address");

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_derivation_index_key" ON "billing_payments"("derivation_index");

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_stripe_invoice_id_key" ON "billing_payments"("stripe_invoice_id");

-- CreateIndex
CREATE INDEX "billing_payments_tenant_id_id_idx" ON "billing_payments"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "billing_payments_status_id_idx" ON "billing_payments"("status", "id");

-- CreateIndex
CREATE INDEX "admin_audit_log_tenant_id_id_idx" ON "admin_audit_log"("tenant_id", "id");
