-- CreateTable
CREATE TABLE "wallet_alert_settings" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "low_balance_runway_days" DOUBLE PRECISION DEFAULT 3,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_alert_settings_pkey" PRIMARY KEY ("tenant_id","livemode")
);

-- CreateTable
CREATE TABLE "wallet_runway_alerts" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "address" TEXT NOT NULL,
    "chain_key" TEXT NOT NULL,
    "low" BOOLEAN NOT NULL,
    "changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_runway_alerts_pkey" PRIMARY KEY ("tenant_id","livemode","address","chain_key")
);
