// ERC-4626 vaults (spec document 2, 4.7): a PlatformVault (OpenZeppelin ERC4626) per record, deployed by
// the tenant's acting wallet, which also makes the vault's deposits, mints, withdrawals and redemptions and
// holds its shares. What the vault would refuse (ERC-4626 max*) is answered 400 before anything is recorded.
import { encodeDeployData, encodeFunctionData, erc20Abi, getAddress, type Abi, type Address, type Hex } from "viem";
import type { z } from "zod";
import { db, transaction, type Prisma } from "@/lib/db";
import { invalidRequest, notFound } from "@/lib/api/errors";
import { paginate } from "@/lib/api/pagination";
import { artifact } from "@/lib/chain/artifacts";
import type { OperationKind } from "@/lib/chain/operations";
import { readChain } from "@/lib/chain/read";
import { serializeTransaction } from "@/lib/chain/serialize";
import { recordChainWrite, wakeWallets, type ChainWrite } from "@/lib/chain/transactions";
import { actingFor } from "@/lib/connect/wallet-mode";
import type { Vault } from "@/lib/generated/prisma/client";
import type * as S from "@/lib/schemas/vaults";
import { readErc20, resolveErc20 } from "@/lib/tokens/erc20-ref";
import type { Scope } from "@/lib/tokens/scope";
import { serializeVault, vaultId, VAULT_COLUMNS } from "./records";

const vaultAbi = () => artifact("PlatformVault").abi as Abi;
const readVault = <T>(row: Active, functionName: string, args: readonly unknown[] = []) => readChain<T>(row.network, row.address, vaultAbi(), functionName, args);
const call = (abi: Abi, functionName: string, args: readonly unknown[]): Hex => encodeFunctionData({ abi, functionName, args } as never);

const insertSql = `INSERT INTO vaults (id, tenant_id, livemode, network, asset_token_id, asset_address, name, symbol, status, deploy_tx_id, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'deploying', $9, $9, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${VAULT_COLUMNS}`;

export async function createVault(scope: Scope, input: z.output<typeof S.CreateVaultInput>) {
  const asset = await resolveErc20(scope, input.asset, input.network, "asset", "a vault holds");
  const id = vaultId();
  const { idempotency_key: _, ...request } = input;
  const pv = artifact("PlatformVault");
  const deploy: ChainWrite = {
    tenantId: scope.tenantId, livemode: scope.livemode, network: asset.network.name, kind: "vault.deploy", tokenId: asset.tokenId ?? undefined,
    data: encodeDeployData({ abi: pv.abi, bytecode: pv.bytecode, args: [asset.address, input.name, input.symbol] } as never),
    request: { ...request, vault: id }, effect: { vault: id },
  };
  const { row, write } = await transaction(async (client) => {
    const write = await recordChainWrite(deploy, client);
    const { rows } = await client.query(insertSql, [id, scope.tenantId, scope.livemode, asset.network.name, asset.tokenId, asset.address, input.name, input.symbol, write.id]);
    return { row: rows[0] as Vault, write };
  });
  await wakeWallets([write]);
  return serializeVault(row);
}

export function listVaults(scope: Scope, params: z.output<typeof S.ListVaultsQuery>) {
  const where: Prisma.VaultWhereInput = { tenantId: scope.tenantId, livemode: scope.livemode };
  if (params.status) where.status = params.status;
  if (params.network) where.network = params.network;
  return paginate(db.vault, where, params, serializeVault);
}

async function findVault(scope: Scope, id: string) {
  const row = await db.vault.findFirst({ where: { id, tenantId: scope.tenantId, livemode: scope.livemode } });
  if (!row) throw notFound("vault", id);
  return row;
}

type Active = Vault & { address: Address; assetAddress: Address };

async function activeVault(scope: Scope, id: string): Promise<Active> {
  const row = await findVault(scope, id);
  if (row.status !== "active" || !row.address) {
    const why = row.status === "failed" ? `its deployment failed (${row.failureReason})` : "its deployment has not confirmed yet; retry once its status is 'active'";
    throw invalidRequest("vault_not_active", `Vault '${id}' cannot be used: ${why}.`, "id");
  }
  return row as Active;
}

export async function getVault(scope: Scope, id: string) {
  const row = await findVault(scope, id);
  if (row.status !== "active" || !row.address) return { ...serializeVault(row), total_assets: null, total_shares: null };
  const active = row as Active;
  const [assets, shares] = await Promise.all([readVault<bigint>(active, "totalAssets"), readVault<bigint>(active, "totalSupply")]);
  return { ...serializeVault(row), total_assets: assets.toString(), total_shares: shares.toString() };
}

export async function convert(scope: Scope, id: string, query: z.output<typeof S.ConvertQuery>) {
  if ((query.assets === undefined) === (query.shares === undefined)) {
    throw invalidRequest("parameter_invalid", "Give exactly one of assets (to convert to shares) and shares (to convert to assets).", query.assets === undefined ? "assets" : "shares");
  }
  const row = await activeVault(scope, id);
  if (query.assets !== undefined) {
    const shares = await readVault<bigint>(row, "convertToShares", [BigInt(query.assets)]);
    return { object: "vault_conversion" as const, id, assets: query.assets, shares: shares.toString(), direction: "to_shares" as const };
  }
  const assets = await readVault<bigint>(row, "convertToAssets", [BigInt(query.shares!)]);
  return { object: "vault_conversion" as const, id, assets: assets.toString(), shares: query.shares!, direction: "to_assets" as const };
}

const PREVIEW = {
  deposit: { fn: "previewDeposit", unit: "shares" },
  mint: { fn: "previewMint", unit: "assets" },
  withdraw: { fn: "previewWithdraw", unit: "shares" },
  redeem: { fn: "previewRedeem", unit: "assets" },
} as const;

export async function preview(scope: Scope, id: string, query: z.output<typeof S.PreviewQuery>) {
  const row = await activeVault(scope, id);
  const { fn, unit } = PREVIEW[query.action];
  const result = await readVault<bigint>(row, fn, [BigInt(query.amount)]);
  return { object: "vault_preview" as const, id, action: query.action, amount: query.amount, result: result.toString(), result_unit: unit };
}

const actingAddress = async (scope: Scope, row: Vault) => (await actingFor(scope, row.network)).address;

export async function limits(scope: Scope, id: string, address?: string) {
  const row = await activeVault(scope, id);
  const who = address ? getAddress(address) : await actingAddress(scope, row);
  const [maxDeposit, maxMint, maxWithdraw, maxRedeem] = await Promise.all(
    ["maxDeposit", "maxMint", "maxWithdraw", "maxRedeem"].map((fn) => readVault<bigint>(row, fn, [who])),
  );
  return {
    object: "vault_limits" as const, id, address: who,
    max_deposit: maxDeposit.toString(), max_mint: maxMint.toString(), max_withdraw: maxWithdraw.toString(), max_redeem: maxRedeem.toString(),
  };
}

export async function sharesBalance(scope: Scope, id: string, address?: string) {
  const row = await activeVault(scope, id);
  const who = address ? getAddress(address) : await actingAddress(scope, row);
  const shares = await readVault<bigint>(row, "balanceOf", [who]);
  const assets = await readVault<bigint>(row, "convertToAssets", [shares]);
  return { object: "vault_shares_balance" as const, id, address: who, shares: shares.toString(), assets: assets.toString() };
}

export async function sharesAllowance(scope: Scope, id: string, query: z.output<typeof S.AllowanceQuery>) {
  const row = await activeVault(scope, id);
  const owner = query.owner ? getAddress(query.owner) : await actingAddress(scope, row);
  const allowance = await readVault<bigint>(row, "allowance", [owner, getAddress(query.spender)]);
  return { object: "vault_shares_allowance" as const, id, owner, spender: getAddress(query.spender), allowance: allowance.toString() };
}

interface Call {
  kind: OperationKind;
  to: Address;
  data: Hex;
}

/** Records the calls in order in one database transaction (each waits for the one before it to mine); answers the last one. */
async function record(scope: Scope, row: Active, calls: Call[], request: Record<string, unknown>) {
  const writes = await transaction(async (client) => {
    const writes = [];
    for (const c of calls) {
      writes.push(await recordChainWrite(
        { tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: c.kind, tokenId: row.assetTokenId ?? undefined, to: c.to, data: c.data, request, effect: { vault: row.id } },
        client,
      ));
    }
    await client.query("UPDATE vaults SET last_tx_id = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1", [row.id, writes.at(-1)!.id]);
    return writes;
  });
  await wakeWallets(writes);
  return serializeTransaction(writes.at(-1)!);
}

/** A 400 when `amount` (the body's `param`) is more than `limit`, which `what` describes. */
function atMost(amount: bigint, limit: bigint, code: string, what: string, param: string) {
  if (amount > limit) throw invalidRequest(code, `Invalid ${param}: ${amount} is more than ${what} (${limit}).`, param);
}

type Body = { receiver?: string; idempotency_key?: string };
const requestOf = <T extends Body>(row: Vault, body: T) => {
  const { idempotency_key: _, ...rest } = body;
  return { ...rest, vault: row.id };
};

export async function deposit(scope: Scope, id: string, body: z.output<typeof S.DepositInput>) {
  const row = await activeVault(scope, id);
  const wallet = await actingAddress(scope, row);
  const receiver = body.receiver ? getAddress(body.receiver) : wallet;
  const assets = BigInt(body.assets);
  const [balance, max] = await Promise.all([readErc20<bigint>(row.network, row.assetAddress, "balanceOf", [wallet]), readVault<bigint>(row, "maxDeposit", [receiver])]);
  atMost(assets, balance, "insufficient_balance", `the tenant wallet ${wallet} holds of the asset`, "assets");
  atMost(assets, max, "vault_limit_exceeded", `the vault accepts for ${receiver} (maxDeposit)`, "assets");
  return record(scope, row, [
    { kind: "vault.approve_asset", to: row.assetAddress, data: call(erc20Abi as Abi, "approve", [row.address, assets]) },
    { kind: "vault.deposit", to: row.address, data: call(vaultAbi(), "deposit", [assets, receiver]) },
  ], { ...requestOf(row, body), receiver });
}

export async function mint(scope: Scope, id: string, body: z.output<typeof S.MintInput>) {
  const row = await activeVault(scope, id);
  const wallet = await actingAddress(scope, row);
  const receiver = body.receiver ? getAddress(body.receiver) : wallet;
  const shares = BigInt(body.shares);
  const [assets, balance, max] = await Promise.all([
    readVault<bigint>(row, "previewMint", [shares]),
    readErc20<bigint>(row.network, row.assetAddress, "balanceOf", [wallet]),
    readVault<bigint>(row, "maxMint", [receiver]),
  ]);
  atMost(shares, max, "vault_limit_exceeded", `the vault mints for ${receiver} (maxMint)`, "shares");
  if (assets > balance) {
    throw invalidRequest("insufficient_balance", `Invalid shares: minting ${shares} takes ${assets} of the asset, more than the tenant wallet ${wallet} holds (${balance}).`, "shares");
  }
  return record(scope, row, [
    { kind: "vault.approve_asset", to: row.assetAddress, data: call(erc20Abi as Abi, "approve", [row.address, assets]) },
    { kind: "vault.mint", to: row.address, data: call(vaultAbi(), "mint", [shares, receiver]) },
  ], { ...requestOf(row, body), receiver, assets: assets.toString() });
}

export async function withdraw(scope: Scope, id: string, body: z.output<typeof S.WithdrawInput>) {
  const row = await activeVault(scope, id);
  const wallet = await actingAddress(scope, row);
  const receiver = body.receiver ? getAddress(body.receiver) : wallet;
  const assets = BigInt(body.assets);
  atMost(assets, await readVault<bigint>(row, "maxWithdraw", [wallet]), "insufficient_shares", "the tenant wallet's shares can withdraw (maxWithdraw)", "assets");
  return record(scope, row, [{ kind: "vault.withdraw", to: row.address, data: call(vaultAbi(), "withdraw", [assets, receiver, wallet]) }], { ...requestOf(row, body), receiver });
}

export async function redeem(scope: Scope, id: string, body: z.output<typeof S.RedeemInput>) {
  const row = await activeVault(scope, id);
  const wallet = await actingAddress(scope, row);
  const receiver = body.receiver ? getAddress(body.receiver) : wallet;
  const shares = BigInt(body.shares);
  atMost(shares, await readVault<bigint>(row, "maxRedeem", [wallet]), "insufficient_shares", "the tenant wallet can redeem (maxRedeem)", "shares");
  return record(scope, row, [{ kind: "vault.redeem", to: row.address, data: call(vaultAbi(), "redeem", [shares, receiver, wallet]) }], { ...requestOf(row, body), receiver });
}

export async function approveShares(scope: Scope, id: string, body: z.output<typeof S.SharesApproveInput>) {
  const row = await activeVault(scope, id);
  const spender = getAddress(body.spender);
  return record(scope, row, [{ kind: "vault.shares.approve", to: row.address, data: call(vaultAbi(), "approve", [spender, BigInt(body.amount)]) }], { ...requestOf(row, body), spender });
}

export async function transferShares(scope: Scope, id: string, body: z.output<typeof S.SharesTransferInput>) {
  const row = await activeVault(scope, id);
  const wallet = await actingAddress(scope, row);
  const to = getAddress(body.to);
  const amount = BigInt(body.amount);
  atMost(amount, await readVault<bigint>(row, "balanceOf", [wallet]), "insufficient_shares", `the shares the tenant wallet ${wallet} holds`, "amount");
  return record(scope, row, [{ kind: "vault.shares.transfer", to: row.address, data: call(vaultAbi(), "transfer", [to, amount]) }], { ...requestOf(row, body), to });
}
