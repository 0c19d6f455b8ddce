-- AlterTable
ALTER TABLE "rate_limit_windows" ADD COLUMN     "lim" INTEGER NOT NULL DEFAULT 0;
