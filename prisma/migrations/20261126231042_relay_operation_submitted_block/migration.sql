-- AlterTable
ALTER TABLE "connect_relay_operations" ADD COLUMN     "submitted_block" BIGINT;
