-- AlterTable
ALTER TABLE "connect_settings" ADD COLUMN     "owner_signer" TEXT,
ADD COLUMN     "wallet_mode" TEXT NOT NULL DEFAULT 'custodial';

-- AlterTable
ALTER TABLE "connect_relay_operations" ADD COLUMN     "transaction_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "connect_relay_operations_transaction_id_key" ON "connect_relay_operations"("transaction_id");
