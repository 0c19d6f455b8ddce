// The embedded local chain keeps its state in memory: after a restart it is back at block 0 and every
// contract deployed on it is gone. Records that point at it are then marked, with a clear reason, so the
// API never shows a token whose contract vanished; and nonce counters start again from zero.
import pg from "pg";

const gone = (what: string, again: string) =>
  `'The local development chain was restarted, so this ${what} no longer exists. ${again} (or set RPC_URL_' || upper(network) || ' to keep state).'`;

/** Contracts of the other areas that live on the local chain: [table, what it is, how to get it back]. */
const LOCAL_RESOURCES: [string, string, string][] = [
  ["vrf_consumers", "VRF consumer", "Create the consumer again"],
  ["price_feed_consumers", "price feed consumer", "Create the consumer again"],
  ["governance_instances", "Governor", "Deploy the governance again"],
  ["claim_issuers", "ClaimIssuer", "It is deployed again on first use"],
];

/**
 * `fresh`: the chain was started empty by this run (its start-up contracts are its only blocks). `head`: its
 * block number now; log subscriptions on it start again from there at the latest, since every block
 * above it is new, and what they had scanned belonged to the old chain.
 */
export async function forgetLocalChainState(databaseUrl: string, fresh: boolean, head = 0n): Promise<{ tokens: number; transactions: number; subscriptions: number }> {
  if (!fresh) return { tokens: 0, transactions: 0, subscriptions: 0 }; // same chain as before (an external node kept running)
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("DELETE FROM wallet_nonces WHERE chain_key = 'local'");
    const tokens = await client.query(
      `UPDATE tokens SET status = 'failed', updated_at = now(),
         failure_reason = 'The local development chain was restarted, so this contract no longer exists. Deploy the token again (or set RPC_URL_' || upper(network) || ' to keep state).'
       WHERE status IN ('deploying', 'deployed')
         AND deploy_tx_id IN (SELECT id FROM transactions WHERE chain_key = 'local')`,
    );
    await client.query(
      `UPDATE vesting_schedules SET status = 'failed', updated_at = now(),
         failure_reason = 'The local development chain was restarted, so this vesting wallet no longer exists. Create the schedule again (or set RPC_URL_' || upper(network) || ' to keep state).'
       WHERE status <> 'failed' AND deploy_tx_id IN (SELECT id FROM transactions WHERE chain_key = 'local')`,
    );
    await client.query(
      `UPDATE vaults SET status = 'failed', updated_at = now(),
         failure_reason = 'The local development chain was restarted, so this vault no longer exists. Create it again (or set RPC_URL_' || upper(network) || ' to keep state).'
       WHERE status <> 'failed' AND deploy_tx_id IN (SELECT id FROM transactions WHERE chain_key = 'local')`,
    );
    await client.query(
      `UPDATE vault_operations SET status = 'failed', updated_at = now(),
         failure_reason = 'The local development chain was restarted before this operation completed.'
       WHERE status IN ('approving', 'pending') AND vault_id IN (SELECT v.id FROM vaults v JOIN transactions t ON t.id = v.deploy_tx_id WHERE t.chain_key = 'local')`,
    );
    await client.query(
      `UPDATE multisigs SET status = 'failed', updated_at = now(),
         failure_reason = 'The local development chain was restarted, so this Safe no longer exists. Deploy the multisig again (or set RPC_URL_' || upper(network) || ' to keep state).'
       WHERE status <> 'failed' AND deploy_tx_id IN (SELECT id FROM transactions WHERE chain_key = 'local')`,
    );
    for (const [table, what, again] of LOCAL_RESOURCES) {
      await client.query(
        `UPDATE ${table} SET status = 'failed', updated_at = now(), failure_reason = ${gone(what, again)}
         WHERE status <> 'failed' AND deploy_tx_id IN (SELECT id FROM transactions WHERE chain_key = 'local')`,
      );
    }
    await client.query(
      `UPDATE vrf_requests SET status = 'failed', updated_at = now(),
         failure_reason = 'The local development chain was restarted before this request was fulfilled.'
       WHERE status NOT IN ('fulfilled', 'failed') AND consumer_id IN (SELECT c.id FROM vrf_consumers c JOIN transactions t ON t.id = c.deploy_tx_id WHERE t.chain_key = 'local')`,
    );
    // The watcher's progress was on the old chain: every local subscription scans the new one from its own
    // first block, or from the new head where that lay beyond it (a subscription made at block 83 of the old
    // chain must still see a payment at block 69 of the new one). The cursor and kept hashes go with it.
    const subscriptions = await client.query(
      `UPDATE chain_log_subscriptions SET from_block = LEAST(from_block, $1::bigint), scanned_to = LEAST(from_block, $1::bigint) - 1 WHERE chain_key = 'local'`,
      [head.toString()],
    );
    await client.query("DELETE FROM chain_log_cursors WHERE chain_key = 'local'");
    await client.query("DELETE FROM chain_log_blocks WHERE chain_key = 'local'");
    const transactions = await client.query(
      `UPDATE transactions SET status = 'failed', error_code = 'local_chain_reset', updated_at = now(),
         error_message = 'The local development chain was restarted before this transaction was confirmed.'
       WHERE chain_key = 'local' AND status IN ('pending', 'submitted')`,
    );
    await client.query("COMMIT");
    return { tokens: tokens.rowCount ?? 0, transactions: transactions.rowCount ?? 0, subscriptions: subscriptions.rowCount ?? 0 };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
