-- AlterTable
ALTER TABLE "chain_log_subscriptions" ADD COLUMN     "topic_filter" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "wanted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
