// ERC-4626 vaults (spec document 2, 4.7): each one is a PlatformVault (OpenZeppelin ERC4626) over one
// ERC-20 asset, deployed by the tenant's wallet. The spec leaves bodies and records open; these are ours.
import { z } from "zod";
import { Amount, Id, listOf, singleLine, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address } from "./tokens";

const Positive = (what: string) =>
  // The refinement runs after a failed format check too: only digit strings are compared.
  Amount.refine((v) => !/^\d+$/.test(v) || BigInt(v) > 0n, "must be greater than 0").meta({ description: `${what}, in base units (> 0).` });

const Receiver = Address.optional().meta({ description: "Who receives the result. Default: the tenant's acting wallet." });

export const VaultStatus = z.enum(["deploying", "active", "failed"]).meta({
  description: "`deploying` until the vault's deployment confirms, then `active`; `failed` when it reverted (see `failure_reason`).",
});

export const CreateVaultInput = writeBody({
  asset: z
    .union([Address, Id.regex(/^tok_/, "must be a token id (tok_…) or an address")])
    .meta({ description: "The underlying ERC-20: one of your ERC20 tokens (tok_…, then `network` defaults to its network) or any ERC-20 address on `network`.", example: "tok_01jd…" }),
  network: z.string().min(1).max(64).optional().meta({ description: "Required with an asset address; must match the token's network with a token id.", example: "polygon_amoy" }),
  name: singleLine(z.string().min(1).max(100)).meta({ description: "The share token's ERC-20 name.", example: "Acme Dollar Vault" }),
  symbol: singleLine(z.string().min(1).max(11)).meta({ description: "The share token's ERC-20 symbol.", example: "vACD" }),
}).meta({ id: "CreateVaultInput", description: "Deploys an ERC-4626 vault over `asset`; the tenant's acting wallet deploys it and makes its deposits." });

export const Vault = apiObject("vault", {
  id: z.string().meta({ example: "vlt_01jd…" }),
  network: z.string(),
  asset: z.string().nullable().meta({ description: "The token id when the asset is one of your tokens." }),
  asset_address: z.string(),
  name: z.string(),
  symbol: z.string(),
  address: z.string().nullable().meta({ description: "The vault, which is also its share token; null until deployed." }),
  status: VaultStatus,
  decimals_offset: z.number().int().meta({
    description: "OpenZeppelin's virtual-offset defence against the first-depositor inflation attack: shares have the asset's decimals plus this many (10^offset virtual shares), so 1 asset base unit first mints 10^offset shares. Always 6.",
    example: 6,
  }),
  deploy_transaction: z.string(),
  transaction: z.string().meta({ description: "The last transaction made on this vault through the API (GET /v1/transactions/{id})." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "Vault" });

export const VaultDetails = Vault.extend({
  total_assets: z.string().nullable().meta({ description: "totalAssets(), read from the chain; null until deployed." }),
  total_supply: z.string().nullable().meta({ description: "totalSupply() of the share token; null until deployed." }),
  asset_decimals: z.number().int().nullable().meta({ description: "The asset's decimals as the vault took them at deployment (18 when the asset has no decimals()); null until deployed." }),
  decimals: z.number().int().nullable().meta({ description: "decimals() of the shares: asset_decimals + decimals_offset; null until deployed." }),
}).meta({ id: "VaultDetails" });

export const VaultList = listOf(Vault, "VaultList");

export const ListVaultsQuery = listQuery({
  status: VaultStatus.optional(),
  network: z.string().min(1).max(64).optional(),
});

export const ConvertQuery = z.strictObject({
  assets: Amount.optional().meta({ description: "Convert this many assets to shares (convertToShares)." }),
  shares: Amount.optional().meta({ description: "Convert this many shares to assets (convertToAssets). Give exactly one of the two." }),
});

export const VaultConversion = z
  .object({ object: z.literal("vault_conversion"), id: z.string(), assets: z.string(), shares: z.string(), direction: z.enum(["to_shares", "to_assets"]) })
  .meta({ id: "VaultConversion", description: "The ideal conversion, without fees or limits (ERC-4626 convertTo*)." });

export const VaultAction = z.enum(["deposit", "mint", "withdraw", "redeem"]);

export const PreviewQuery = z.strictObject({
  action: VaultAction.meta({ description: "deposit (assets → shares received), mint (shares → assets needed), withdraw (assets → shares burned), redeem (shares → assets received)." }),
  amount: Amount.meta({ description: "Assets for deposit and withdraw, shares for mint and redeem." }),
});

export const VaultPreview = apiObject("vault_preview", {
  id: z.string(),
  action: VaultAction,
  amount: z.string(),
  result: z.string().meta({ description: "ERC-4626 preview*: what the action would give or take at the latest block." }),
  result_unit: z.enum(["shares", "assets"]),
}).meta({ id: "VaultPreview" });

export const AddressQuery = z.strictObject({ address: Address.optional().meta({ description: "Default: the tenant's acting wallet." }) });

export const VaultLimits = apiObject("vault_limits", {
  id: z.string(),
  address: z.string(),
  max_deposit: z.string().meta({ description: "maxDeposit(address): assets it may deposit." }),
  max_mint: z.string(),
  max_withdraw: z.string().meta({ description: "maxWithdraw(address): assets its shares can withdraw." }),
  max_redeem: z.string(),
}).meta({ id: "VaultLimits" });

const Asynchronous =
  "Answers a `vault_operation` at once (201); follow it with GET /v1/vaults/{id}/operations/{operation_id} or the webhook event named after the action.";

export const DepositInput = writeBody({ assets: Positive("Assets to deposit"), receiver: Receiver }).meta({
  id: "VaultDepositInput",
  description: `Two transactions of the tenant wallet tracked as one operation: approve(vault, assets) on the asset, then deposit(assets, receiver), recorded only once the approval confirmed. A failed approval fails the operation with its reason and nothing is deposited. ${Asynchronous}`,
});
export const MintInput = writeBody({ shares: Positive("Shares to mint"), receiver: Receiver }).meta({
  id: "VaultMintInput",
  description: `Two transactions tracked as one operation: approve(vault, previewMint(shares)) on the asset, then mint(shares, receiver), recorded only once the approval confirmed. A failed approval fails the operation with its reason. If the vault's rate rises between the two (assets sent to it), the mint needs more than was approved and fails with that reason. ${Asynchronous}`,
});
export const WithdrawInput = writeBody({ assets: Positive("Assets to withdraw"), receiver: Receiver }).meta({
  id: "VaultWithdrawInput",
  description: `withdraw(assets, receiver, owner = the tenant wallet): burns the shares it takes. ${Asynchronous}`,
});
export const RedeemInput = writeBody({ shares: Positive("Shares to redeem"), receiver: Receiver }).meta({
  id: "VaultRedeemInput",
  description: `redeem(shares, receiver, owner = the tenant wallet): pays the assets they are worth. ${Asynchronous}`,
});

export const VaultOperationStatus = z.enum(["approving", "pending", "succeeded", "failed"]).meta({
  description:
    "`approving` while the asset approval of a deposit or mint is on its way; `pending` while the action's transaction is; `succeeded` once it confirmed (`assets` and `shares` are then the vault's own log figures); `failed` with `failure_reason` (a failed approval fails the operation and its action is never sent).",
});

export const VaultOperation = apiObject("vault_operation", {
  id: z.string().meta({ example: "vop_01jd…" }),
  vault: z.string(),
  address: z.string().nullable().meta({ description: "The vault contract." }),
  action: VaultAction,
  status: VaultOperationStatus,
  amount: z.string().meta({ description: "What was asked: assets for deposit and withdraw, shares for mint and redeem." }),
  preview: z.string().meta({ description: "preview* of `amount` when requested: shares for deposit and withdraw, assets for mint and redeem." }),
  receiver: z.string(),
  owner: z.string().meta({ description: "The tenant's acting wallet: it pays the assets (deposit, mint) or owns the shares (withdraw, redeem)." }),
  assets: z.string().nullable().meta({ description: "Assets moved, from the vault's Deposit or Withdraw log; null until succeeded." }),
  shares: z.string().nullable().meta({ description: "Shares minted or burned, from the same log; null until succeeded." }),
  approved_assets: z.string().nullable().meta({
    description: "Deposit and mint: the allowance the approval sets. It also covers the wallet's other deposits and mints on this vault still waiting for their approval, as an approval replaces the allowance.",
  }),
  approve_transaction: z.string().nullable().meta({ description: "The asset approval (deposit and mint), GET /v1/transactions/{id}." }),
  transaction: z.string().nullable().meta({ description: "The action's transaction; null until the approval confirmed." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "VaultOperation", description: "A deposit, mint, withdrawal or redemption asked for through the API." });

export const VaultOperationList = listOf(VaultOperation, "VaultOperationList");

export const ListVaultOperationsQuery = listQuery({
  action: VaultAction.optional(),
  status: VaultOperationStatus.optional(),
});

export const VaultOperationParams = z.strictObject({ id: Id, operation_id: Id });

export const SharesApproveInput = writeBody({ spender: Address, amount: Amount }).meta({ id: "VaultSharesApproveInput", description: "approve(spender, amount) on the share token." });
export const SharesTransferInput = writeBody({ to: Address, amount: Positive("Shares to transfer") }).meta({
  id: "VaultSharesTransferInput",
  description: "transfer(to, amount) of the tenant wallet's shares.",
});

export const SharesBalance = z
  .object({ object: z.literal("vault_shares_balance"), id: z.string(), address: z.string(), shares: z.string(), assets: z.string().meta({ description: "convertToAssets(shares)." }) })
  .meta({ id: "VaultSharesBalance" });

export const AllowanceQuery = z.strictObject({ owner: Address.optional().meta({ description: "Default: the tenant's acting wallet." }), spender: Address });

export const SharesAllowance = z
  .object({ object: z.literal("vault_shares_allowance"), id: z.string(), owner: z.string(), spender: z.string(), allowance: z.string() })
  .meta({ id: "VaultSharesAllowance" });
