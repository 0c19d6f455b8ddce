-- AlterTable
ALTER TABLE "billing_payments" DROP COLUMN "stripe_session_id";
