-- AlterTable
ALTER TABLE "connect_session_keys" ADD COLUMN     "gas_limit" BIGINT,
ADD COLUMN     "paymaster_address" TEXT,
ADD COLUMN     "paymaster_policy" TEXT NOT NULL DEFAULT 'any',
ADD COLUMN     "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "connect_oauth_clients" (
    "provider" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_oauth_clients_pkey" PRIMARY KEY ("provider","client_id")
);

-- CreateTable
CREATE TABLE "connect_oauth_nonces" (
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "nonce" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connect_oauth_nonces_pkey" PRIMARY KEY ("tenant_id","livemode","nonce")
);

-- CreateTable
CREATE TABLE "connect_oauth_used_tokens" (
    "key" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connect_oauth_used_tokens_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "connect_oauth_clients_tenant_id_idx" ON "connect_oauth_clients"("tenant_id");

-- CreateIndex
CREATE INDEX "connect_oauth_nonces_expires_at_idx" ON "connect_oauth_nonces"("expires_at");

-- CreateIndex
CREATE INDEX "connect_oauth_used_tokens_expires_at_idx" ON "connect_oauth_used_tokens"("expires_at");

-- Client ids already configured: the tenant that set one first keeps it.
INSERT INTO "connect_oauth_clients" ("provider", "client_id", "tenant_id", "created_at")
SELECT DISTINCT ON (provider, client_id) provider, client_id, tenant_id, created_at FROM (
  SELECT 'google' AS provider, google_client_id AS client_id, tenant_id, created_at FROM connect_settings WHERE google_client_id IS NOT NULL
  UNION ALL
  SELECT 'apple', apple_client_id, tenant_id, created_at FROM connect_settings WHERE apple_client_id IS NOT NULL
) s ORDER BY provider, client_id, created_at
ON CONFLICT DO NOTHING;

-- Sessions made before pairs: their scope was every target with every selector.
UPDATE "connect_session_keys" SET "permissions" = ARRAY(SELECT t || ':' || s FROM unnest("targets") t, unnest("selectors") s);
