// What happens when a VRF consumer's deployment or a randomness request ends: the record takes the chain's
// state (raw SQL: this runs inside the database transaction that finalizes the chain record).
import { getAddress, parseEventLogs, type Abi } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, Operation } from "@/lib/chain/registry/kinds";
import { resourceLifecycle } from "@/lib/chain/intake/resource-rows";

export interface VrfEffect {
  consumer?: string;
  request?: string;
  /** vrf.configure: the configuration the call sets. */
  config?: { key_hash: string; subscription_id: string; request_confirmations: number; callback_gas_limit: number };
}
const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as VrfEffect;
const now = "now() AT TIME ZONE 'UTC'";

const setConsumer = (ctx: EffectContext, set: string, values: unknown[] = []) =>
  ctx.client.query(`UPDATE vrf_consumers SET ${set}, updated_at = ${now} WHERE id = $1`, [effectOf(ctx).consumer, ...values]);
const setRequest = (ctx: EffectContext, set: string, values: unknown[] = []) =>
  ctx.client.query(`UPDATE vrf_requests SET ${set}, updated_at = ${now} WHERE id = $1`, [effectOf(ctx).request, ...values]);

/** The consumer's address was predicted at creation: the row has it already. */
const deploy = resourceLifecycle({ table: "vrf_consumers", columns: "id", id: (effect) => (effect as VrfEffect).consumer! }).deployment({ address: () => null });

const request: Operation = {
  async onConfirmed(ctx) {
    // The coordinator's RandomWordsRequested (the mock's event has the real coordinator's signature).
    const logs = parseEventLogs({ abi: artifact("VRFCoordinatorV2_5Mock").abi as Abi, eventName: "RandomWordsRequested", logs: ctx.receipt.logs });
    const ours = logs.find((l) => getAddress((l.args as { sender: string }).sender) === getAddress(ctx.tx.toAddress!));
    if (!ours) {
      await setRequest(ctx, "status = 'failed', failure_reason = $2", ["The transaction confirmed without a RandomWordsRequested log."]);
      return;
    }
    await setRequest(ctx, "status = 'pending', request_id = $2", [(ours.args as { requestId: bigint }).requestId.toString()]);
  },
  onFailed: async (ctx) => void (await setRequest(ctx, "status = 'failed', failure_reason = $2", [`The request failed: ${ctx.reason}`])),
};

const configure: Operation = {
  async onConfirmed(ctx) {
    const c = effectOf(ctx).config!;
    await setConsumer(ctx, "key_hash = $2, subscription_id = $3, request_confirmations = $4, callback_gas_limit = $5", [
      c.key_hash, c.subscription_id, c.request_confirmations, c.callback_gas_limit,
    ]);
  },
};

export const vrfOperations = {
  "vrf.deploy": deploy,
  "vrf.request": request,
  "vrf.configure": configure,
} satisfies Record<string, Operation>;
