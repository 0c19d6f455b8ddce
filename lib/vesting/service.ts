// Vesting schedules (spec document 2, 4.8): a PlatformVestingWallet (OpenZeppelin VestingWalletCliff) per
// record, deployed by the tenant's acting wallet, then funded by it when the request names an `amount`
// (./effects). Everything a request would make revert is answered 400 before anything is recorded.
import { encodeDeployData, encodeFunctionData, getAddress, zeroAddress, type Abi, type Address } from "viem";
import type { z } from "zod";
import { db, transaction, type Prisma } from "@/lib/db";
import { invalidRequest, notFound } from "@/lib/api/errors";
import { paginate } from "@/lib/api/pagination";
import { artifact } from "@/lib/chain/artifacts";
import { publicClient } from "@/lib/chain/clients";
import { chainUnavailable, readChain } from "@/lib/chain/read";
import { recordChainWrite, wakeWallets, type ChainWrite } from "@/lib/chain/transactions";
import { serializeTransaction } from "@/lib/chain/serialize";
import { actingFor } from "@/lib/connect/wallet-mode";
import type { VestingSchedule } from "@/lib/generated/prisma/client";
import type { CreateVestingInput, ListVestingQuery, TransferVestingOwnershipInput } from "@/lib/schemas/vesting";
import type { Scope } from "@/lib/tokens/scope";
import { readErc20, resolveErc20 } from "@/lib/tokens/erc20-ref";
import type { OperationKind } from "@/lib/chain/operations";
import { serializeVesting, vestingId, VESTING_COLUMNS } from "./records";
import type { VestingEffect } from "./effects";

const walletAbi = () => artifact("PlatformVestingWallet").abi as Abi;
const readWallet = <T>(row: Deployed, functionName: string, args: readonly unknown[] = []) =>
  readChain<T>(row.network, row.address, walletAbi(), functionName, args);

async function latestBlockTime(network: string): Promise<number> {
  try {
    return Number((await publicClient(network).getBlock()).timestamp);
  } catch {
    throw chainUnavailable(network);
  }
}

const insertSql = `INSERT INTO vesting_schedules (id, tenant_id, livemode, network, token_id, token_address, beneficiary, start, duration_seconds,
    cliff_seconds, amount, status, deploy_tx_id, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8) AT TIME ZONE 'UTC', $9, $10, $11, 'deploying', $12, $12, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
  RETURNING ${VESTING_COLUMNS}`;

export async function createVesting(scope: Scope, input: z.output<typeof CreateVestingInput>) {
  const beneficiary = getAddress(input.beneficiary);
  if (beneficiary === zeroAddress) throw invalidRequest("parameter_invalid", "Invalid beneficiary: the zero address cannot own a vesting wallet", "beneficiary");
  if (input.cliff_seconds > input.duration_seconds) {
    throw invalidRequest("parameter_invalid", `Invalid cliff_seconds: at most duration_seconds (${input.duration_seconds})`, "cliff_seconds");
  }
  const token = await resolveErc20(scope, input.token, input.network, "token", "a schedule vests");
  const acting = await actingFor(scope, token.network.name);
  if (input.amount !== undefined) {
    const balance = await readErc20<bigint>(token.network.name, token.address, "balanceOf", [acting.address]);
    if (balance < BigInt(input.amount)) {
      throw invalidRequest("insufficient_balance", `The tenant wallet ${acting.address} holds ${balance} of ${token.address}, less than amount ${input.amount}.`, "amount");
    }
  }
  const start = input.start ?? (await latestBlockTime(token.network.name));
  const id = vestingId();
  const { idempotency_key: _, ...request } = input;
  const effect: VestingEffect = { vesting: id, token: token.address, amount: input.amount };
  const pw = artifact("PlatformVestingWallet");
  const deploy: ChainWrite = {
    tenantId: scope.tenantId, livemode: scope.livemode, network: token.network.name, kind: "vesting.deploy", tokenId: token.tokenId ?? undefined,
    data: encodeDeployData({ abi: pw.abi, bytecode: pw.bytecode, args: [beneficiary, BigInt(start), BigInt(input.duration_seconds), BigInt(input.cliff_seconds)] } as never),
    request: { ...request, start, vesting: id }, effect: { ...effect },
  };
  const { row, write } = await transaction(async (client) => {
    const write = await recordChainWrite(deploy, client);
    const { rows } = await client.query(insertSql, [
      id, scope.tenantId, scope.livemode, token.network.name, token.tokenId, token.address, beneficiary, start, input.duration_seconds, input.cliff_seconds,
      input.amount ?? null, write.id,
    ]);
    return { row: rows[0] as VestingSchedule, write };
  });
  await wakeWallets([write]);
  return serializeVesting(row);
}

export function listVesting(scope: Scope, params: z.output<typeof ListVestingQuery>) {
  const where: Prisma.VestingScheduleWhereInput = { tenantId: scope.tenantId, livemode: scope.livemode };
  if (params.beneficiary) where.beneficiary = getAddress(params.beneficiary);
  if (params.status) where.status = params.status;
  if (params.network) where.network = params.network;
  return paginate(db.vestingSchedule, where, params, serializeVesting);
}

async function findVesting(scope: Scope, id: string) {
  const row = await db.vestingSchedule.findFirst({ where: { id, tenantId: scope.tenantId, livemode: scope.livemode } });
  if (!row) throw notFound("vesting schedule", id);
  return row;
}

export const getVesting = async (scope: Scope, id: string) => serializeVesting(await findVesting(scope, id));

type Deployed = VestingSchedule & { address: Address; tokenAddress: Address };

/** A schedule whose wallet exists (also one whose funding failed: what it holds still vests). */
async function deployedVesting(scope: Scope, id: string): Promise<Deployed> {
  const row = await findVesting(scope, id);
  if (!row.address) {
    const why = row.status === "failed" ? `its deployment failed (${row.failureReason})` : "its deployment has not confirmed yet; retry once its status is 'funding' or 'active'";
    throw invalidRequest("vesting_not_deployed", `Vesting schedule '${id}' has no wallet: ${why}.`, "id");
  }
  return row as Deployed;
}

/** Release, total and vested figures of the wallet at `timestamp` (default: the latest block's time). */
async function figures(row: Deployed, timestamp?: number) {
  const at = timestamp ?? (await latestBlockTime(row.network));
  const [balance, released, vested] = await Promise.all([
    readErc20<bigint>(row.network, row.tokenAddress, "balanceOf", [row.address]),
    readWallet<bigint>(row, "released", [row.tokenAddress]),
    readWallet<bigint>(row, "vestedAmount", [row.tokenAddress, BigInt(at)]),
  ]);
  return { timestamp: at, balance, released, vested, total: balance + released };
}

export async function vestingOnChain(scope: Scope, id: string) {
  const row = await deployedVesting(scope, id);
  const [f, owner, start, duration, cliff, end, releasable] = await Promise.all([
    figures(row),
    readWallet<Address>(row, "owner"),
    readWallet<bigint>(row, "start"),
    readWallet<bigint>(row, "duration"),
    readWallet<bigint>(row, "cliff"),
    readWallet<bigint>(row, "end"),
    readWallet<bigint>(row, "releasable", [row.tokenAddress]),
  ]);
  return {
    object: "vesting_on_chain" as const,
    id: row.id,
    address: row.address,
    beneficiary: getAddress(owner),
    token_address: row.tokenAddress,
    start: Number(start),
    duration_seconds: Number(duration),
    cliff: Number(cliff),
    end: Number(end),
    balance: f.balance.toString(),
    released: f.released.toString(),
    releasable: releasable.toString(),
    vested: f.vested.toString(),
    total_allocation: f.total.toString(),
    timestamp: f.timestamp,
  };
}

export async function vestedAmount(scope: Scope, id: string, timestamp?: number) {
  const row = await deployedVesting(scope, id);
  const f = await figures(row, timestamp);
  return {
    object: "vested_amount" as const,
    id: row.id,
    token_address: row.tokenAddress,
    vested: f.vested.toString(),
    total_allocation: f.total.toString(),
    released: f.released.toString(),
    timestamp: f.timestamp,
  };
}

/** Records a call of the wallet and makes it the schedule's last transaction; answers the transaction. */
async function walletWrite(scope: Scope, row: Deployed, kind: OperationKind, data: `0x${string}`, request: Record<string, unknown>, effect: VestingEffect) {
  const write = await transaction(async (client) => {
    const write = await recordChainWrite(
      { tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind, tokenId: row.tokenId ?? undefined, to: row.address, data, request, effect: { ...effect } },
      client,
    );
    await client.query("UPDATE vesting_schedules SET last_tx_id = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1", [row.id, write.id]);
    return write;
  });
  await wakeWallets([write]);
  return serializeTransaction(write);
}

export async function releaseVesting(scope: Scope, id: string) {
  const row = await deployedVesting(scope, id);
  const releasable = await readWallet<bigint>(row, "releasable", [row.tokenAddress]);
  if (releasable === 0n) {
    const f = await figures(row);
    const cliff = row.start.getTime() / 1000 + Number(row.cliffSeconds);
    const why = f.total === 0n ? "the wallet holds none of the token" : f.timestamp < cliff ? `the cliff ends at ${cliff} (unix seconds)` : "everything vested so far has been released";
    throw invalidRequest("nothing_releasable", `Nothing of vesting schedule '${id}' is releasable now: ${why}.`, "id");
  }
  const data = encodeFunctionData({ abi: walletAbi(), functionName: "release", args: [row.tokenAddress] });
  return walletWrite(scope, row, "vesting.release", data, { vesting: row.id, releasable_when_requested: releasable.toString() }, { vesting: row.id });
}

export async function transferVestingOwnership(scope: Scope, id: string, input: z.output<typeof TransferVestingOwnershipInput>) {
  const row = await deployedVesting(scope, id);
  const newOwner = getAddress(input.new_owner);
  if (newOwner === zeroAddress) throw invalidRequest("parameter_invalid", "Invalid new_owner: a vesting wallet cannot be given to the zero address", "new_owner");
  const [owner, acting] = await Promise.all([readWallet<Address>(row, "owner"), actingFor(scope, row.network)]);
  if (getAddress(owner) !== acting.address) {
    throw invalidRequest(
      "beneficiary_not_controlled",
      `The wallet of vesting schedule '${id}' belongs to its beneficiary ${getAddress(owner)}, who alone can transfer it (transferOwnership); the platform signs only for ${acting.address}.`,
      "id",
    );
  }
  const data = encodeFunctionData({ abi: walletAbi(), functionName: "transferOwnership", args: [newOwner] });
  const { idempotency_key: _, ...request } = input;
  return walletWrite(scope, row, "vesting.transfer_ownership", data, { ...request, vesting: row.id }, { vesting: row.id, new_owner: newOwner });
}
