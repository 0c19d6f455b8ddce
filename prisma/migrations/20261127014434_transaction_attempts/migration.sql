-- CreateTable
CREATE TABLE "transaction_attempts" (
    "transaction_id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'call',
    "gas_limit" TEXT,
    "max_fee_per_gas" TEXT,
    "max_priority_fee_per_gas" TEXT,
    "signed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "replaced_by" TEXT,
    "dropped_at" TIMESTAMP(3),
    "block_number" BIGINT,
    "block_hash" TEXT,
    "gas_used" TEXT,
    "effective_gas_price" TEXT,
    "mined_at" TIMESTAMP(3),
    "revert_reason" TEXT,
    "reorged_from_block" BIGINT,

    CONSTRAINT "transaction_attempts_pkey" PRIMARY KEY ("transaction_id","hash")
);

-- CreateIndex
CREATE INDEX "transaction_attempts_mined_at_idx" ON "transaction_attempts"("mined_at");

-- The records sent before: one attempt per hash they kept (the fees and the receipt's figures are known only
-- for the last, effective prices were not kept), each replaced by the next.
INSERT INTO "transaction_attempts" ("transaction_id", "hash", "nonce", "kind", "gas_limit", "max_fee_per_gas", "max_priority_fee_per_gas",
  "signed_at", "sent_at", "replaced_by", "block_number", "block_hash", "gas_used", "mined_at")
SELECT t.id, h.hash, t.nonce, CASE WHEN t.cancel_hash IS NOT NULL AND h.ord >= array_position(t.hashes, t.cancel_hash) THEN 'cancel' ELSE 'call' END,
  CASE WHEN h.hash = t.hash THEN t.gas_limit END, CASE WHEN h.hash = t.hash THEN t.max_fee_per_gas END,
  CASE WHEN h.hash = t.hash THEN t.max_priority_fee_per_gas END, t.created_at, t.submitted_at,
  t.hashes[h.ord + 1], CASE WHEN h.hash = t.hash THEN t.block_number END, CASE WHEN h.hash = t.hash THEN t.block_hash END,
  CASE WHEN h.hash = t.hash THEN t.gas_used END, CASE WHEN h.hash = t.hash AND t.block_number IS NOT NULL THEN t.updated_at END
FROM "transactions" t, unnest(t.hashes) WITH ORDINALITY AS h(hash, ord)
WHERE t.nonce IS NOT NULL
ON CONFLICT DO NOTHING;
