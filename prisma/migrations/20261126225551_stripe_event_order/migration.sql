-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "stripe_event_at" TIMESTAMP(3),
ADD COLUMN     "stripe_period_end" TIMESTAMP(3);
