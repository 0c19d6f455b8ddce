// The embedded local chain keeps its state in memory: after a restart it is back at block 0 and every
// contract deployed on it is gone. Records that point at it are then marked, with a clear reason, so the
// API never shows a token whose contract vanished; and nonce counters start again from zero.
import pg from "pg";

/** `fresh`: the chain was started empty by this run (its start-up contracts are its only blocks). */
export async function forgetLocalChainState(databaseUrl: string, fresh: boolean): Promise<{ tokens: number; transactions: number }> {
  if (!fresh) return { tokens: 0, transactions: 0 }; // same chain as before (an external node kept running)
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
    const transactions = await client.query(
      `UPDATE transactions SET status = 'failed', error_code = 'local_chain_reset', updated_at = now(),
         error_message = 'The local development chain was restarted before this transaction was confirmed.'
       WHERE chain_key = 'local' AND status IN ('pending', 'submitted')`,
    );
    await client.query("COMMIT");
    return { tokens: tokens.rowCount ?? 0, transactions: transactions.rowCount ?? 0 };
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
