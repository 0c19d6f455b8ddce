// What happens when a vesting schedule's transactions end: the record takes the state the chain now has,
// and the events go out with the record (raw SQL: this runs inside the database transaction that
// finalizes the chain record).
import { encodeFunctionData, erc20Abi, getAddress, parseEventLogs, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, EffectEvent, Operation } from "@/lib/chain/registry/kinds";
import { resourceLifecycle } from "@/lib/chain/intake/resource-rows";
import type { VestingSchedule } from "@/lib/generated/prisma/client";
import { serializeVesting, VESTING_COLUMNS } from "./records";

export interface VestingEffect {
  vesting: string;
  /** The vested token and the funding (deployment only). */
  token?: Address;
  amount?: string;
  /** transfer_ownership only. */
  new_owner?: Address;
}
const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as VestingEffect;

const schedules = resourceLifecycle<VestingSchedule>({
  table: "vesting_schedules", columns: VESTING_COLUMNS, id: (effect) => (effect as unknown as VestingEffect).vesting,
  serialize: serializeVesting, deployed: "vesting.deployed",
});

/** Raw SET clauses for the updates that compute from the row itself (released_total). */
async function update(ctx: EffectContext, set: string, values: unknown[] = []) {
  const { rows } = await ctx.client.query(
    `UPDATE vesting_schedules SET ${set}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${VESTING_COLUMNS}`,
    [effectOf(ctx).vesting, ...values],
  );
  return rows[0] as VestingSchedule | undefined;
}

/** Deployed, the wallet is funded next when the request named an amount: the schedule is then `funding`. */
const deploy = schedules.deployment({
  async activate(ctx, wallet) {
    const { token, amount } = effectOf(ctx);
    if (!token || !amount || !wallet) return {};
    const fund = await ctx.submit({
      tenantId: ctx.tx.tenantId, livemode: ctx.tx.livemode, network: ctx.tx.network, kind: "vesting.fund", tokenId: ctx.tx.tokenId ?? undefined,
      to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [wallet, BigInt(amount)] }),
      request: { vesting: effectOf(ctx).vesting, to: wallet, amount }, effect: { vesting: effectOf(ctx).vesting },
    });
    return { status: "funding", fund_tx_id: fund.id, last_tx_id: fund.id };
  },
});

const fund: Operation = {
  onConfirmed: async (ctx) => void (await schedules.update(ctx, { status: "active", failure_reason: null })),
  onFailed: (ctx) => schedules.fail(ctx, `The funding transfer failed: ${ctx.reason}. The wallet is deployed; tokens sent to it still vest.`),
};

const release: Operation = {
  async onConfirmed(ctx): Promise<EffectEvent[]> {
    const logs = parseEventLogs({ abi: artifact("PlatformVestingWallet").abi, eventName: "ERC20Released", logs: ctx.receipt.logs, strict: true });
    const ours = logs.filter((l) => getAddress(l.address) === getAddress(ctx.tx.toAddress!));
    const amount = ours.reduce((sum, l) => sum + l.args.amount, 0n);
    const row = await update(ctx, "released_total = (released_total::numeric + $2::numeric)::text", [amount.toString()]);
    if (!row) return [];
    return [{
      type: "vesting.released",
      object: {
        object: "vesting_release", vesting: row.id, address: row.address, beneficiary: row.beneficiary, token: row.tokenId, token_address: row.tokenAddress,
        amount: amount.toString(), released: row.releasedTotal, transaction: ctx.tx.id,
      },
    }];
  },
};

const transferOwnership: Operation = {
  onConfirmed: async (ctx) => void (await schedules.update(ctx, { beneficiary: effectOf(ctx).new_owner })),
};

export const vestingOperations = {
  "vesting.deploy": deploy,
  "vesting.fund": fund,
  "vesting.release": release,
  "vesting.transfer_ownership": transferOwnership,
} satisfies Record<string, Operation>;
