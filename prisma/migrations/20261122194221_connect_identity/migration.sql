-- CreateTable
CREATE TABLE "connect_settings" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "google_client_id" TEXT,
    "apple_client_id" TEXT,
    "rp_id" TEXT,
    "rp_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_settings_pkey" PRIMARY KEY ("tenant_id","livemode")
);

-- CreateTable
CREATE TABLE "connect_oauth_links" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_oauth_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_siwe_nonces" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "nonce" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connect_siwe_nonces_pkey" PRIMARY KEY ("tenant_id","livemode","nonce")
);

-- CreateTable
CREATE TABLE "connect_passkeys" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "account_id" TEXT NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "public_key_x" TEXT,
    "public_key_y" TEXT,
    "algorithm" INTEGER NOT NULL DEFAULT -7,
    "sign_count" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "aaguid" TEXT,
    "device_type" TEXT,
    "backed_up" BOOLEAN,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_paymasters" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "chain_id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "signer_address" TEXT NOT NULL,
    "encrypted_key" TEXT NOT NULL,
    "name" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "deactivated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_paymasters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "connect_oauth_links_tenant_id_livemode_provider_subject_key" ON "connect_oauth_links"("tenant_id", "livemode", "provider", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "connect_oauth_links_account_id_provider_key" ON "connect_oauth_links"("account_id", "provider");

-- CreateIndex
CREATE INDEX "connect_passkeys_account_id_id_idx" ON "connect_passkeys"("account_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_passkeys_tenant_id_livemode_credential_id_key" ON "connect_passkeys"("tenant_id", "livemode", "credential_id");

-- CreateIndex
CREATE INDEX "connect_paymasters_tenant_id_livemode_id_idx" ON "connect_paymasters"("tenant_id", "livemode", "id");

-- CreateIndex
CREATE UNIQUE INDEX "connect_paymasters_tenant_id_livemode_chain_id_address_key" ON "connect_paymasters"("tenant_id", "livemode", "chain_id", "address");
