-- CreateTable
CREATE TABLE "job_cron_schedules" (
    "function_id" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "last_tick_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_cron_schedules_pkey" PRIMARY KEY ("function_id","cron")
);
