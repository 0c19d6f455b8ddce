-- AlterTable
ALTER TABLE "wallet_nonces" ADD COLUMN     "wake_requested" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "fee_cap_reached_at" TIMESTAMP(3),
ADD COLUMN     "submitter" TEXT NOT NULL DEFAULT 'eoa';
