-- The windows are transient (at most a minute of requests): the old per-request log is dropped, not converted.
DELETE FROM "rate_limit_windows";

-- AlterTable
ALTER TABLE "rate_limit_windows" DROP COLUMN "hits",
ADD COLUMN     "bucket_counts" INTEGER[],
ADD COLUMN     "bucket_starts" BIGINT[];
