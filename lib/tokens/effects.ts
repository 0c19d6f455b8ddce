// Effects of token transactions when they end. A deployment fills in the token (address, status) and
// emits token.deployed, or marks it failed; every operation emits the events planned when it was
// submitted (`effect.events`, see ./submit), with the token, the transaction and its hash added.
import { getAddress } from "viem";
import type { TxEffectHandler } from "@/lib/chain/effects";
import { emit } from "@/lib/webhooks/emit";
import type { PlannedEvent } from "./submit";
import { serializeToken } from "./serialize";

const deploy: TxEffectHandler = {
  async onConfirmed({ tx, receipt, db }) {
    if (!tx.tokenId) return;
    if (!receipt.contractAddress) {
      await db.token.update({ where: { id: tx.tokenId }, data: { status: "failed", failureReason: "The deployment created no contract.", deployTxId: tx.id } });
      return;
    }
    const token = await db.token.update({
      where: { id: tx.tokenId },
      data: { status: "deployed", address: getAddress(receipt.contractAddress), deployTxId: tx.id, failureReason: null },
    });
    await emit(tx.tenantId, "token.deployed", serializeToken(token), db);
  },
  async onFailed({ tx, reason, db }) {
    if (!tx.tokenId) return;
    await db.token.update({ where: { id: tx.tokenId }, data: { status: "failed", failureReason: reason, deployTxId: tx.id } });
  },
};

const operation: TxEffectHandler = {
  async onConfirmed({ tx, db }) {
    const events = ((tx.effect as { events?: PlannedEvent[] } | null)?.events ?? []);
    for (const event of events) {
      await emit(tx.tenantId, event.type, {
        object: "token_operation",
        token: tx.tokenId,
        transaction: tx.id,
        hash: tx.hash,
        network: tx.network,
        kind: tx.kind,
        livemode: tx.livemode,
        ...event.data,
      }, db);
    }
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
