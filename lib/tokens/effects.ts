// Effects of token transactions when they end. A deployment fills in the token (address, status) and
// asks for token.deployed, or marks it failed; every operation asks for the events planned when it was
// submitted (`effect.events`, see ./submit), with the token, the transaction and its hash added.
import { getAddress } from "viem";
import type { TxEffectHandler } from "@/lib/chain/effects";
import type { PlannedEvent } from "./submit";
import { serializeToken } from "./serialize";
import { TOKEN_COLUMNS } from "./scope";
import type { Token } from "@/lib/generated/prisma/client";

const finishDeploySql = `UPDATE tokens SET status = $2, address = $3, deploy_tx_id = $4, failure_reason = $5, updated_at = now()
  WHERE id = $1 RETURNING ${TOKEN_COLUMNS}`;

const deploy: TxEffectHandler = {
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

const operation: TxEffectHandler = {
  async onConfirmed({ tx }) {
    const events = ((tx.effect as { events?: PlannedEvent[] } | null)?.events ?? []);
    return events.map((event) => ({
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
      },
    }));
  },
};

const OPERATION_KINDS = [
  "token.mint", "token.transfer", "token.transfer_from", "token.burn", "token.burn_from", "token.approve",
  "token.approve_and_call", "token.transfer_and_call", "token.transfer_from_and_call", "token.set_approval_for_all",
  "token.set_base_uri", "token.set_uri", "token.nft_metadata", "token.royalty", "token.nft_royalty", "token.pause",
  "token.unpause", "token.permit", "token.permit2_approve", "token.permit2_transfer", "role.grant", "role.revoke", "role.renounce",
];

export const tokenEffects: Record<string, TxEffectHandler> = {
  "token.deploy": deploy,
  ...Object.fromEntries(OPERATION_KINDS.map((kind) => [kind, operation])),
};
