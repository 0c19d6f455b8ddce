-- AlterTable
ALTER TABLE "job_events" ADD COLUMN     "seq" BIGSERIAL NOT NULL;
