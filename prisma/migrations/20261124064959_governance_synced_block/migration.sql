-- AlterTable
ALTER TABLE "governance_instances" ADD COLUMN     "synced_block" BIGINT NOT NULL;
