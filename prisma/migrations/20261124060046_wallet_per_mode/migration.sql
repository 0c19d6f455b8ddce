-- One custodial wallet per tenant and mode. Existing wallets stay the test-mode ones, and the live-mode wallet of
-- an existing tenant (a new key, encrypted under ENCRYPTION_KEY, which SQL cannot do) is made on first use by
-- tenantWallet in lib/chain/wallets.ts, with its wallet.created event.

-- DropIndex
DROP INDEX "wallets_tenant_id_key";

-- AlterTable
ALTER TABLE "wallets" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "wallets_tenant_id_livemode_key" ON "wallets"("tenant_id", "livemode");
