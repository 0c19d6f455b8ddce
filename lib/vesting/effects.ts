// What happens when a vesting schedule's transactions end: the record takes the state the chain now has,
// and the events go out with the record (raw SQL: this runs inside the database transaction that
// finalizes the chain record).
import { encodeFunctionData, erc20Abi, getAddress, parseEventLogs, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, EffectEvent, Operation, KindsOf } from "@/lib/chain/operations";
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

async function update(ctx: EffectContext, set: string, values: unknown[] = []) {
  const { rows } = await ctx.client.query(
    `UPDATE vesting_schedules SET ${set}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${VESTING_COLUMNS}`,
    [effectOf(ctx).vesting, ...values],
  );
  return rows[0] as VestingSchedule | undefined;
}

const deploy: Operation = {
  async onConfirmed(ctx) {
    if (!ctx.receipt.contractAddress) {
      await update(ctx, "status = 'failed', failure_reason = $2", ["The deployment created no contract."]);
      return;
    }
    const wallet = getAddress(ctx.receipt.contractAddress);
    const { token, amount } = effectOf(ctx);
    if (!token || !amount) {
      const row = await update(ctx, "address = $2, status = 'active'", [wallet]);
      return row ? [{ type: "vesting.deployed", object: serializeVesting(row) }] : [];
    }
    const fund = await ctx.submit({
      tenantId: ctx.tx.tenantId, livemode: ctx.tx.livemode, network: ctx.tx.network, kind: "vesting.fund", tokenId: ctx.tx.tokenId ?? undefined,
      to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [wallet, BigInt(amount)] }),
      request: { vesting: effectOf(ctx).vesting, to: wallet, amount }, effect: { vesting: effectOf(ctx).vesting },
    });
    const row = await update(ctx, "address = $2, status = 'funding', fund_tx_id = $3, last_tx_id = $3", [wallet, fund.id]);
    return row ? [{ type: "vesting.deployed", object: serializeVesting(row) }] : [];
  },
  onFailed: async (ctx) => void (await update(ctx, "status = 'failed', failure_reason = $2", [`The deployment failed: ${ctx.reason}`])),
};

const fund: Operation = {
  onConfirmed: async (ctx) => void (await update(ctx, "status = 'active', failure_reason = NULL")),
  onFailed: async (ctx) =>
    void (await update(ctx, "status = 'failed', failure_reason = $2", [
      `The funding transfer failed: ${ctx.reason}. The wallet is deployed; tokens sent to it still vest.`,
    ])),
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
  onConfirmed: async (ctx) => void (await update(ctx, "beneficiary = $2", [effectOf(ctx).new_owner])),
};

export const vestingOperations = {
  "vesting.deploy": deploy,
  "vesting.fund": fund,
  "vesting.release": release,
  "vesting.transfer_ownership": transferOwnership,
} satisfies Record<string, Operation>;

declare module "@/lib/chain/operations" {
  interface OperationKinds extends KindsOf<typeof vestingOperations> {}
}
