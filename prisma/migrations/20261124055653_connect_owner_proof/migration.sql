-- AlterTable
ALTER TABLE "connect_settings" ADD COLUMN     "owner_proof_expires_at" TIMESTAMPTZ(3);
