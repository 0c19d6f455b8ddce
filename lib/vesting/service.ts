// Vesting schedules (spec document 2, 4.8): a PlatformVestingWallet (OpenZeppelin VestingWalletCliff) per
// record, deployed by the tenant's acting wallet, then funded by it when the request names an `amount`
// (./effects). Everything a request would make revert is answered 400 before anything is recorded.
import { encodeDeployData, encodeFunctionData, getAddress, zeroAddress, type Abi, type Address, type Hex } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { invalidRequest, notDeployed } from "@/lib/core/errors";
import { artifact } from "@/lib/chain/artifacts";
import { publicClient } from "@/lib/chain/network/clients";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";
import { writeOnce } from "@/lib/chain/intake";
import { findScoped, listScoped } from "@/lib/chain/intake/resource-rows";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { VestingSchedule } from "@/lib/generated/prisma/client";
import type { CreateVestingInput, ListVestingQuery, TransferVestingOwnershipInput } from "@/lib/schemas/vesting";
import type { Scope } from "@/lib/core/scope";
import { erc20Units, readErc20, resolveErc20 } from "@/lib/tokens/erc20-ref";
import type { OperationKind } from "@/lib/chain/registry/kinds";
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
  return writeOnce({
    async check() {
      const token = await resolveErc20(scope, input.token, input.network, "token", "a schedule vests");
      const acting = await actingFor(scope, token.network.name);
      if (input.amount !== undefined) {
        const balance = await readErc20<bigint>(token.network.name, token.address, "balanceOf", [acting.address]);
        if (balance < BigInt(input.amount)) {
          const units = await erc20Units(token.network.name, token.address);
          throw invalidRequest("insufficient_balance", `Insufficient balance: the schedule needs ${units(BigInt(input.amount))}, but the tenant wallet ${acting.address} holds ${units(balance)}.`, "amount");
        }
      }
      return { token, start: input.start ?? (await latestBlockTime(token.network.name)) };
    },
    async record(tx, { token, start }) {
      const id = vestingId();
      const { idempotency_key: _, ...request } = input;
      const effect: VestingEffect = { vesting: id, token: token.address, amount: input.amount };
      const pw = artifact("PlatformVestingWallet");
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network.name, kind: "vesting.deploy", tokenId: token.tokenId ?? undefined,
        data: encodeDeployData({ abi: pw.abi, bytecode: pw.bytecode, args: [beneficiary, BigInt(start), BigInt(input.duration_seconds), BigInt(input.cliff_seconds)] } as never),
        request: { ...request, start, vesting: id }, effect: { ...effect },
      });
      const { rows } = await tx.client.query(insertSql, [
        id, scope.tenantId, scope.livemode, token.network.name, token.tokenId, token.address, beneficiary, start, input.duration_seconds, input.cliff_seconds,
        input.amount ?? null, write.id,
      ]);
      return serializeVesting(rows[0] as VestingSchedule);
    },
    find: async ([write]) => serializeVesting(await db.vestingSchedule.findFirstOrThrow({ where: { deployTxId: write.id } })),
  });
}

export const listVesting = (scope: Scope, params: z.output<typeof ListVestingQuery>) =>
  listScoped(db.vestingSchedule, scope, params, serializeVesting, params.beneficiary ? { beneficiary: getAddress(params.beneficiary) } : {});

const findVesting = (scope: Scope, id: string) => findScoped(db.vestingSchedule, scope, id, "vesting schedule");

export const getVesting = async (scope: Scope, id: string) => serializeVesting(await findVesting(scope, id));

type Deployed = VestingSchedule & { address: Address; tokenAddress: Address };

/** A schedule whose wallet exists (also one whose funding failed: what it holds still vests). */
async function deployedVesting(scope: Scope, id: string): Promise<Deployed> {
  const row = await findVesting(scope, id);
  if (!row.address) throw notDeployed("vesting_not_deployed", "Vesting schedule", row, { ready: "'funding' or 'active'" });
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

/** Records a call of the wallet (after `check`) and makes it the schedule's last transaction; answers the transaction. */
function walletWrite(scope: Scope, kind: OperationKind, check: () => Promise<{ row: Deployed; data: Hex; request: Record<string, unknown>; effect: VestingEffect }>) {
  return writeOnce({
    check,
    async record(tx, { row, data, request, effect }) {
      const write = await tx.record({ tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind, tokenId: row.tokenId ?? undefined, to: row.address, data, request, effect: { ...effect } });
      await tx.client.query("UPDATE vesting_schedules SET last_tx_id = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1", [row.id, write.id]);
      return serializeTransaction(write);
    },
    find: async ([write]) => serializeTransaction(write),
  });
}

export function releaseVesting(scope: Scope, id: string) {
  return walletWrite(scope, "vesting.release", async () => {
    const row = await deployedVesting(scope, id);
    const releasable = await readWallet<bigint>(row, "releasable", [row.tokenAddress]);
    if (releasable === 0n) {
      const f = await figures(row);
      const cliff = row.start.getTime() / 1000 + Number(row.cliffSeconds);
      const why = f.total === 0n ? "the wallet holds none of the token" : f.timestamp < cliff ? `the cliff ends at ${cliff} (unix seconds: ${new Date(cliff * 1000).toISOString().replace(".000Z", "Z")})` : "everything vested so far has been released";
      throw invalidRequest("nothing_releasable", `Nothing of vesting schedule '${id}' is releasable now: ${why}.`, "id");
    }
    const data = encodeFunctionData({ abi: walletAbi(), functionName: "release", args: [row.tokenAddress] });
    return { row, data, request: { vesting: row.id, releasable_when_requested: releasable.toString() }, effect: { vesting: row.id } };
  });
}

export function transferVestingOwnership(scope: Scope, id: string, input: z.output<typeof TransferVestingOwnershipInput>) {
  return walletWrite(scope, "vesting.transfer_ownership", async () => {
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
    return { row, data, request: { ...request, vesting: row.id }, effect: { vesting: row.id, new_owner: newOwner } };
  });
}
