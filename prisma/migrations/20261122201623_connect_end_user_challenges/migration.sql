-- CreateTable
CREATE TABLE "connect_end_user_challenges" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "purpose" TEXT NOT NULL,
    "challenge" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_end_user_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "connect_end_user_challenges_challenge_key" ON "connect_end_user_challenges"("challenge");

-- CreateIndex
CREATE INDEX "connect_end_user_challenges_expires_at_idx" ON "connect_end_user_challenges"("expires_at");
