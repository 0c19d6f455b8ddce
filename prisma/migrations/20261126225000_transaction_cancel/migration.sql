-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "cancel_hash" TEXT,
ADD COLUMN     "cancel_requested_at" TIMESTAMP(3);
