// ERC-4626 vaults (spec document 2, 4.7): a PlatformVault (OpenZeppelin ERC4626, decimals offset 6) per
// record, deployed by the tenant's acting wallet, which also makes the vault's deposits, mints, withdrawals
// and redemptions and holds its shares. Each of those four is a vault_operation; a deposit or mint is the
// asset approval, then the action, recorded by ./effects only once the approval confirmed. What the vault or
// the wallet would refuse (ERC-4626 max*, balances) is answered 400 before anything is recorded.
import { encodeDeployData, encodeFunctionData, erc20Abi, getAddress, zeroAddress, type Abi, type Address, type Hex } from "viem";
import type { z } from "zod";
import { db, type Prisma } from "@/lib/db";
import { invalidRequest, notFound, notDeployed } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import { artifact } from "@/lib/chain/artifacts";
import type { OperationKind } from "@/lib/chain/registry/kinds";
import { readChain } from "@/lib/chain/network/read";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { writeOnce, type Recorder } from "@/lib/chain/intake";
import { findScoped, listScoped } from "@/lib/chain/intake/resource-rows";
import { actingAs, actingFor } from "@/lib/connect/settings/wallet-mode";
import type { Transaction, Vault, VaultOperation } from "@/lib/generated/prisma/client";
import type * as S from "@/lib/schemas/vaults";
import { erc20Units, readErc20, resolveErc20 } from "@/lib/tokens/erc20-ref";
import type { Scope } from "@/lib/core/scope";
import { DECIMALS_OFFSET, OPERATION_COLUMNS, serializeVault, serializeVaultOperation, vaultId, vaultOperationId, VAULT_COLUMNS, type VaultActionName } from "./records";

const vaultAbi = () => artifact("PlatformVault").abi as Abi;
const readVault = <T>(row: Active, functionName: string, args: readonly unknown[] = []) => readChain<T>(row.network, row.address, vaultAbi(), functionName, args);
const call = (abi: Abi, functionName: string, args: readonly unknown[]): Hex => encodeFunctionData({ abi, functionName, args } as never);

const insertSql = `INSERT INTO vaults (id, tenant_id, livemode, network, asset_token_id, asset_address, name, symbol, status, deploy_tx_id, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'deploying', $9, $9, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${VAULT_COLUMNS}`;

export async function createVault(scope: Scope, input: z.output<typeof S.CreateVaultInput>) {
  return writeOnce({
    check: () => resolveErc20(scope, input.asset, input.network, "asset", "a vault holds"),
    async record(tx, asset) {
      const id = vaultId();
      const { idempotency_key: _, ...request } = input;
      const pv = artifact("PlatformVault");
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: asset.network.name, kind: "vault.deploy", tokenId: asset.tokenId ?? undefined,
        data: encodeDeployData({ abi: pv.abi, bytecode: pv.bytecode, args: [asset.address, input.name, input.symbol] } as never),
        request: { ...request, vault: id }, effect: { vault: id },
      });
      const { rows } = await tx.client.query(insertSql, [id, scope.tenantId, scope.livemode, asset.network.name, asset.tokenId, asset.address, input.name, input.symbol, write.id]);
      return serializeVault(rows[0] as Vault);
    },
    find: async ([write]) => serializeVault(await db.vault.findFirstOrThrow({ where: { deployTxId: write.id } })),
  });
}

export const listVaults = (scope: Scope, params: z.output<typeof S.ListVaultsQuery>) => listScoped(db.vault, scope, params, serializeVault);

const findVault = (scope: Scope, id: string) => findScoped(db.vault, scope, id, "vault");

type Active = Vault & { address: Address; assetAddress: Address };

async function activeVault(scope: Scope, id: string): Promise<Active> {
  const row = await findVault(scope, id);
  if (row.status !== "active" || !row.address) throw notDeployed("vault_not_active", "Vault", row, { ready: "'active'" });
  return row as Active;
}

export async function getVault(scope: Scope, id: string) {
  const row = await findVault(scope, id);
  if (row.status !== "active" || !row.address) return { ...serializeVault(row), total_assets: null, total_supply: null, asset_decimals: null, decimals: null };
  const active = row as Active;
  const [assets, shares, decimals] = await Promise.all([readVault<bigint>(active, "totalAssets"), readVault<bigint>(active, "totalSupply"), readVault<number>(active, "decimals")]);
  // The vault's own view of the asset (OpenZeppelin reads its decimals at deployment, 18 when it has none).
  const assetDecimals = Number(decimals) - DECIMALS_OFFSET;
  return { ...serializeVault(row), total_assets: assets.toString(), total_supply: shares.toString(), asset_decimals: assetDecimals, decimals: Number(decimals) };
}

/** The decimals of an active vault's assets and of its shares, as the vault reports them (for amounts typed in units). */
export async function vaultDecimals(scope: Scope, id: string) {
  const shares = Number(await readVault<number>(await activeVault(scope, id), "decimals"));
  return { assets: shares - DECIMALS_OFFSET, shares };
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

/** Records one share-token call (approve, transfer) and makes it the vault's last transaction; answers the transaction. */
function recordCall(scope: Scope, check: () => Promise<{ row: Active; call: Call; request: Record<string, unknown> }>) {
  return writeOnce({
    check,
    async record(tx, { row, call: c, request }) {
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: c.kind, tokenId: row.assetTokenId ?? undefined, to: c.to, data: c.data, request, effect: { vault: row.id },
      });
      await tx.client.query("UPDATE vaults SET last_tx_id = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1", [row.id, write.id]);
      return serializeTransaction(write);
    },
    find: async ([write]) => serializeTransaction(write),
  });
}

interface Started {
  action: VaultActionName;
  /** Assets for deposit and withdraw, shares for mint and redeem. */
  amount: bigint;
  /** preview* at request time: shares for deposit and withdraw, assets for mint and redeem. */
  preview: bigint;
  receiver: Address;
  owner: Address;
}

const insertOperationSql = `INSERT INTO vault_operations (id, tenant_id, livemode, vault_id, action, status, amount, preview, receiver, owner, approved_assets,
    approve_tx_id, tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${OPERATION_COLUMNS}`;

// What the owner's deposits and mints on this vault still waiting for their approval will pull: the new
// approval covers them too, since approve() replaces the allowance they were given. (Actions already
// recorded come before the new approval on the wallet's nonces.) A surplus can only ever be pulled by the
// owner's own deposit or mint: ERC-4626 takes the assets from its caller.
export const awaitingSql = `SELECT COALESCE(SUM((CASE action WHEN 'deposit' THEN amount ELSE preview END)::numeric), 0)::text AS assets
  FROM vault_operations WHERE vault_id = $1 AND owner = $2 AND status = 'approving'`;

/**
 * Records a vault operation and its first chain write: for a deposit or mint the asset approval (the action
 * itself is recorded by ./effects once the approval confirms), else the action. Answers the operation.
 * `check` reads what the vault and the wallet allow (400 before anything is recorded).
 */
function startOperation(scope: Scope, check: () => Promise<{ row: Active; op: Started }>) {
  return writeOnce({ check, record: (tx, { row, op }) => recordOperation(scope, tx, row, op), find: ([write]) => operationOf(write) });
}

async function recordOperation(scope: Scope, tx: Recorder, row: Active, op: Started) {
  const { client } = tx;
  const id = vaultOperationId();
  const request = { vault: row.id, operation: id, action: op.action, [op.action === "deposit" || op.action === "withdraw" ? "assets" : "shares"]: op.amount.toString(), receiver: op.receiver };
  const needsApproval = op.action === "deposit" || op.action === "mint";
  await client.query("SELECT id FROM vaults WHERE id = $1 FOR UPDATE", [row.id]); // one approval total at a time per vault
  let approved: bigint | null = null;
  let write;
  if (needsApproval) {
    const own = op.action === "deposit" ? op.amount : op.preview;
    approved = own + BigInt((await client.query(awaitingSql, [row.id, op.owner])).rows[0].assets);
    write = await tx.record({
      tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: "vault.approve_asset", tokenId: row.assetTokenId ?? undefined,
      to: row.assetAddress, data: call(erc20Abi as Abi, "approve", [row.address, approved]), request: { ...request, spender: row.address, approved_assets: approved.toString() },
      effect: { vault: row.id, operation: id, action: op.action, amount: op.amount.toString(), receiver: op.receiver, vault_address: row.address },
    });
  } else {
    const args = [op.amount, op.receiver, op.owner];
    write = await tx.record({
      tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: `vault.${op.action}`, tokenId: row.assetTokenId ?? undefined,
      to: row.address, data: call(vaultAbi(), op.action, args), request, effect: { vault: row.id, operation: id },
    });
  }
  const { rows } = await client.query(insertOperationSql, [
    id, scope.tenantId, scope.livemode, row.id, op.action, needsApproval ? "approving" : "pending", op.amount.toString(), op.preview.toString(), op.receiver, op.owner,
    approved?.toString() ?? null, needsApproval ? write.id : null, needsApproval ? null : write.id,
  ]);
  await client.query("UPDATE vaults SET last_tx_id = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1", [row.id, write.id]);
  return serializeVaultOperation(rows[0] as VaultOperation, row.address);
}

/** The operation an earlier run of the request recorded with this first write. */
async function operationOf(write: Transaction) {
  const op = await db.vaultOperation.findFirstOrThrow({ where: { OR: [{ approveTxId: write.id }, { txId: write.id }] } });
  const vault = await db.vault.findUniqueOrThrow({ where: { id: op.vaultId } });
  return serializeVaultOperation(op, vault.address);
}

/** A 400 when `amount` (the body's `param`, in the vault's assets or shares) is more than `limit`, which `what` describes. */
async function atMost(row: Active, of: "assets" | "shares", amount: bigint, limit: bigint, code: string, what: string, param: string) {
  if (amount <= limit) return;
  const units = await erc20Units(row.network, of === "assets" ? row.assetAddress : row.address);
  throw invalidRequest(code, `Invalid ${param}: ${units(amount)} is more than ${what}: ${units(limit)}.`, param);
}

/** The vault, its acting wallet and the receiver (default: the wallet). */
async function actionContext(scope: Scope, id: string, receiver?: string) {
  const row = await activeVault(scope, id);
  const wallet = await actingAddress(scope, row);
  return { row, wallet, receiver: receiver ? nonZero(receiver, "receiver") : wallet };
}

/**
 * After a switch of wallet mode the shares stay with the account that deposited them: when the acting account
 * received none here but another account of the tenant did, 409 managed_by_other_account naming it, before any
 * chain read or write (rather than an unexplained "insufficient shares").
 */
async function requireSharesHere(scope: Scope, row: Active, wallet: Address, param: string) {
  const holders = await db.vaultOperation.findMany({
    where: { vaultId: row.id, action: { in: ["deposit", "mint"] }, status: "succeeded" }, select: { owner: true, receiver: true }, orderBy: { id: "desc" }, take: 100,
  });
  if (holders.some((h) => getAddress(h.receiver) === wallet)) return;
  const other = holders.find((h) => h.receiver === h.owner && getAddress(h.owner) !== wallet);
  if (other) await actingAs(scope, row.network, other.owner, `The shares of vault '${row.id}'`, param);
}

/** The zero address would make the vault or the share token revert (ERC20InvalidReceiver, ERC20InvalidSpender). */
function nonZero(address: string, param: string) {
  const checked = getAddress(address);
  if (checked === zeroAddress) throw invalidRequest("parameter_invalid", `Invalid ${param}: the zero address cannot receive or spend shares or assets.`, param);
  return checked;
}

export function deposit(scope: Scope, id: string, body: z.output<typeof S.DepositInput>) {
  return startOperation(scope, async () => {
    const { row, wallet, receiver } = await actionContext(scope, id, body.receiver);
    const assets = BigInt(body.assets);
    const [balance, max, shares] = await Promise.all([
      readErc20<bigint>(row.network, row.assetAddress, "balanceOf", [wallet]),
      readVault<bigint>(row, "maxDeposit", [receiver]),
      readVault<bigint>(row, "previewDeposit", [assets]),
    ]);
    await atMost(row, "assets", assets, max, "vault_limit_exceeded", `the vault accepts for ${receiver}`, "assets");
    if (assets > balance) {
      const units = await erc20Units(row.network, row.assetAddress as Address);
      throw invalidRequest("insufficient_balance", `Insufficient balance: depositing needs ${units(assets)}, but the tenant wallet ${wallet} holds ${units(balance)}.`, "assets");
    }
    if (shares === 0n) throw invalidRequest("amount_too_small", `Invalid assets: depositing ${assets} would give 0 shares at the vault's rate.`, "assets");
    return { row, op: { action: "deposit", amount: assets, preview: shares, receiver, owner: wallet } as Started };
  });
}

export function mint(scope: Scope, id: string, body: z.output<typeof S.MintInput>) {
  return startOperation(scope, async () => {
    const { row, wallet, receiver } = await actionContext(scope, id, body.receiver);
    const shares = BigInt(body.shares);
    const [assets, balance, max] = await Promise.all([
      readVault<bigint>(row, "previewMint", [shares]),
      readErc20<bigint>(row.network, row.assetAddress, "balanceOf", [wallet]),
      readVault<bigint>(row, "maxMint", [receiver]),
    ]);
    await atMost(row, "shares", shares, max, "vault_limit_exceeded", `the vault mints for ${receiver}`, "shares");
    if (assets > balance) {
      const units = await erc20Units(row.network, row.assetAddress as Address);
      throw invalidRequest("insufficient_balance", `Insufficient balance: minting ${shares} shares takes ${units(assets)}, but the tenant wallet ${wallet} holds ${units(balance)}.`, "shares");
    }
    return { row, op: { action: "mint", amount: shares, preview: assets, receiver, owner: wallet } as Started };
  });
}

export function withdraw(scope: Scope, id: string, body: z.output<typeof S.WithdrawInput>) {
  return startOperation(scope, async () => {
    const { row, wallet, receiver } = await actionContext(scope, id, body.receiver);
    await requireSharesHere(scope, row, wallet, "assets");
    const assets = BigInt(body.assets);
    const [max, shares] = await Promise.all([readVault<bigint>(row, "maxWithdraw", [wallet]), readVault<bigint>(row, "previewWithdraw", [assets])]);
    await atMost(row, "assets", assets, max, "insufficient_shares", `what the shares of the tenant wallet ${wallet} can withdraw`, "assets");
    return { row, op: { action: "withdraw", amount: assets, preview: shares, receiver, owner: wallet } as Started };
  });
}

export function redeem(scope: Scope, id: string, body: z.output<typeof S.RedeemInput>) {
  return startOperation(scope, async () => {
    const { row, wallet, receiver } = await actionContext(scope, id, body.receiver);
    await requireSharesHere(scope, row, wallet, "shares");
    const shares = BigInt(body.shares);
    const [max, assets] = await Promise.all([readVault<bigint>(row, "maxRedeem", [wallet]), readVault<bigint>(row, "previewRedeem", [shares])]);
    await atMost(row, "shares", shares, max, "insufficient_shares", `the shares the tenant wallet ${wallet} can redeem`, "shares");
    if (assets === 0n) throw invalidRequest("amount_too_small", `Invalid shares: redeeming ${shares} would pay 0 assets at the vault's rate.`, "shares");
    return { row, op: { action: "redeem", amount: shares, preview: assets, receiver, owner: wallet } as Started };
  });
}

export async function listVaultOperations(scope: Scope, id: string, params: z.output<typeof S.ListVaultOperationsQuery>) {
  const row = await findVault(scope, id);
  const where: Prisma.VaultOperationWhereInput = { tenantId: scope.tenantId, livemode: scope.livemode, vaultId: row.id };
  if (params.action) where.action = params.action;
  if (params.status) where.status = params.status;
  return paginate(db.vaultOperation, where, params, (r) => serializeVaultOperation(r, row.address));
}

export async function getVaultOperation(scope: Scope, id: string, operationId: string) {
  const row = await findVault(scope, id);
  const op = await db.vaultOperation.findFirst({ where: { id: operationId, vaultId: row.id, tenantId: scope.tenantId, livemode: scope.livemode } });
  if (!op) throw notFound("vault operation", operationId);
  return serializeVaultOperation(op, row.address);
}

export function approveShares(scope: Scope, id: string, body: z.output<typeof S.SharesApproveInput>) {
  return recordCall(scope, async () => {
    const row = await activeVault(scope, id);
    const spender = nonZero(body.spender, "spender");
    const { idempotency_key: _, ...request } = body;
    return { row, call: { kind: "vault.shares.approve", to: row.address, data: call(vaultAbi(), "approve", [spender, BigInt(body.amount)]) }, request: { ...request, vault: row.id, spender } };
  });
}

export function transferShares(scope: Scope, id: string, body: z.output<typeof S.SharesTransferInput>) {
  return recordCall(scope, async () => {
    const row = await activeVault(scope, id);
    const wallet = await actingAddress(scope, row);
    const to = nonZero(body.to, "to");
    await requireSharesHere(scope, row, wallet, "amount");
    const amount = BigInt(body.amount);
    await atMost(row, "shares", amount, await readVault<bigint>(row, "balanceOf", [wallet]), "insufficient_shares", `the shares the tenant wallet ${wallet} holds`, "amount");
    const { idempotency_key: _, ...request } = body;
    return { row, call: { kind: "vault.shares.transfer", to: row.address, data: call(vaultAbi(), "transfer", [to, amount]) }, request: { ...request, vault: row.id, to } };
  });
}
