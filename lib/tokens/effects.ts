// Effects of token transactions when they end. A deployment fills in the token (address, status) and
// asks for token.deployed, or marks it failed; every operation asks for the events planned when it was
// submitted (`effect.events`, see ./submit), with the token, the transaction and its hash added.
import { getAddress } from "viem";
import type { Operation } from "@/lib/chain/registry/kinds";
import type { PlannedEvent } from "./submit";
import { serializeToken } from "./serialize";
import { TOKEN_COLUMNS } from "@/lib/tokens/lookup";
import type { Token, Transaction } from "@/lib/generated/prisma/client";

const finishDeploySql = `UPDATE tokens SET status = $2, address = $3, deploy_tx_id = $4, failure_reason = $5, updated_at = now()
  WHERE id = $1 RETURNING ${TOKEN_COLUMNS}`;

const deploy: Operation = {
  async onConfirmed({ tx, receipt, client }) {
    if (!tx.tokenId) return;
    if (!receipt.contractAddress) {
      await client.query(finishDeploySql, [tx.tokenId, "failed", null, tx.id, "The deployment created no contract."]);
      return;
    }
    const { rows } = await client.query(finishDeploySql, [tx.tokenId, "deployed", getAddress(receipt.contractAddress), tx.id, null]);
    return [{ type: "token.deployed", object: serializeToken(rows[0] as Token) }];
  },
  async onFailed({ tx, reason, client }) {
    if (!tx.tokenId) return;
    await client.query(finishDeploySql, [tx.tokenId, "failed", null, tx.id, reason]);
  },
};

/** The events planned when the write was submitted (`effect.events`), with the token, the transaction and its hash added. */
export function plannedEvents(tx: Transaction, extra: Record<string, unknown> = {}) {
  return ((tx.effect as { events?: PlannedEvent[] } | null)?.events ?? []).map((event) => ({
    type: event.type,
    object: {
      object: "token_operation",
      token: tx.tokenId,
      transaction: tx.id,
      hash: tx.hash,
      network: tx.network,
      kind: tx.kind,
      livemode: tx.livemode,
      ...event.data,
      ...extra,
    },
  }));
}

// A regulated token's record shows whether it is paused.
const setPausedSql = `UPDATE tokens SET regulated = jsonb_set(regulated, '{paused}', to_jsonb($2::boolean)), updated_at = now()
  WHERE id = $1 AND regulated IS NOT NULL`;

const pausing: Operation = {
  async onConfirmed({ tx, client }) {
    if (tx.tokenId) await client.query(setPausedSql, [tx.tokenId, tx.kind === "token.pause"]);
    return plannedEvents(tx);
  },
};

/** Every other token operation: its confirmation asks for the planned events and changes nothing else. */
const operation: Operation = { confirmedEvents: (tx) => plannedEvents(tx) };

// Every token kind, by name: the registry (lib/chain/registry/kinds) types ChainWrite.kind from these keys.
export const tokenOperations = {
  "token.deploy": deploy,
  "token.mint": operation,
  "token.transfer": operation,
  "token.nft_transfer": operation,
  "token.transfer_from": operation,
  "token.burn": operation,
  "token.nft_burn": operation,
  "token.burn_from": operation,
  "token.approve": operation,
  "token.approve_and_call": operation,
  "token.transfer_and_call": operation,
  "token.transfer_from_and_call": operation,
  "token.set_approval_for_all": operation,
  "token.set_base_uri": operation,
  "token.set_uri": operation,
  "token.nft_metadata": operation,
  "token.royalty": operation,
  "token.nft_royalty": operation,
  "token.pause": pausing,
  "token.unpause": pausing,
  "token.permit": operation,
  "token.permit2_approve": operation,
  "token.permit2_transfer": operation,
  "role.grant": operation,
  "role.revoke": operation,
  "role.renounce": operation,
} satisfies Record<string, Operation>;
