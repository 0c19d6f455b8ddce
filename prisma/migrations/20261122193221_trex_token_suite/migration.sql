-- AlterTable
ALTER TABLE "tokens" ADD COLUMN     "regulated" JSONB;
