-- DropIndex
DROP INDEX "price_feed_consumers_tenant_id_livemode_network_pair_key";

-- CreateIndex
CREATE UNIQUE INDEX "price_feed_consumers_tenant_id_livemode_network_pair_key" ON "price_feed_consumers"("tenant_id", "livemode", "network", "pair") WHERE (status <> 'failed');
