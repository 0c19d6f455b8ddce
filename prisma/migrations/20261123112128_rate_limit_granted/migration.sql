-- AlterTable
ALTER TABLE "rate_limit_windows" DROP COLUMN "allowed",
ADD COLUMN     "granted" INTEGER NOT NULL DEFAULT 0;
