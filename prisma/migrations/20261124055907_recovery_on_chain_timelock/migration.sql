-- AlterTable
ALTER TABLE "connect_recovery_requests" ADD COLUMN     "cancel_user_op_hash" TEXT,
ADD COLUMN     "initiated_tx_hash" TEXT,
ALTER COLUMN "executable_at" DROP NOT NULL;
