-- Stored replays held API-key and webhook secrets in plaintext: drop them (they last 24 h), new ones are sealed.
DELETE FROM "idempotency_records";

-- AlterTable
ALTER TABLE "idempotency_records" DROP CONSTRAINT "idempotency_records_pkey",
ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT false,
ADD CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("tenant_id", "livemode", "key");
