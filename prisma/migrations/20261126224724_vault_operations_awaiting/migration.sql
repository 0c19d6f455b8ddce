-- CreateIndex
CREATE INDEX "vault_operations_vault_id_owner_status_idx" ON "vault_operations"("vault_id", "owner", "status");
