// The rows of vesting schedules and how the API, events and webhooks show them, apart from the service so
// the effects (run by the chain path) need nothing of the chain path themselves.
import { newId, unixSeconds } from "@/lib/core/ids";
import { selectList } from "@/lib/db/columns";
import type { VestingSchedule } from "@/lib/generated/prisma/client";

export const vestingId = () => newId("vst");

export const VESTING_COLUMNS = selectList(
  [
    "id", "tenantId", "livemode", "network", "tokenId", "tokenAddress", "beneficiary", "durationSeconds", "cliffSeconds", "amount", "address",
    "status", "releasedTotal", "deployTxId", "fundTxId", "lastTxId", "failureReason",
  ],
  ["start", "createdAt", "updatedAt"],
);

export type VestingStatus = "deploying" | "funding" | "active" | "failed";

/** Raw pg gives BIGINT columns as strings, Prisma as bigint: both become numbers (they fit: at most year 9999). */
type Row = Omit<VestingSchedule, "durationSeconds" | "cliffSeconds"> & { durationSeconds: bigint | string; cliffSeconds: bigint | string };

export function serializeVesting(r: Row) {
  const start = unixSeconds(r.start);
  const duration = Number(r.durationSeconds);
  const cliff = Number(r.cliffSeconds);
  return {
    object: "vesting_schedule" as const,
    id: r.id,
    network: r.network,
    token: r.tokenId,
    token_address: r.tokenAddress,
    beneficiary: r.beneficiary,
    start,
    duration_seconds: duration,
    cliff_seconds: cliff,
    cliff: start + cliff,
    end: start + duration,
    amount: r.amount,
    address: r.address,
    status: r.status as VestingStatus,
    released: r.releasedTotal,
    deploy_transaction: r.deployTxId,
    fund_transaction: r.fundTxId,
    transaction: r.lastTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
