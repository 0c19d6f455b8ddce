// Connect (spec onchain-modules 4.1): self-custody ERC-4337 smart accounts (Kernel v3.1, EntryPoint v0.7)
// and the user operations relayed for them through the network's bundler.
import { z } from "zod";
import { Id, listOf, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address } from "./tokens";

export const ChainId = z
  .string()
  .regex(/^\d{1,12}$/, "must be a chain id in decimal digits, as a string")
  .meta({ description: "EVM chain id of the network, as a string (e.g. \"80002\" for polygon_amoy).", example: "80002" });

const QUANTITY = /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/;

/** Hex quantity (as bundlers take them) or decimal string; at most 2^256 - 1. */
const Quantity = z
  .string()
  .regex(QUANTITY, "must be a 0x-prefixed hex quantity or a decimal integer string")
  // Checks run on after a failed regex too: only a well-formed quantity is converted.
  .refine((v) => !QUANTITY.test(v) || BigInt(v) < 2n ** 256n, "must be at most 2^256 - 1")
  .meta({ example: "0x0" });

const HexBytes = (max: number) =>
  z
    .string()
    .max(2 + max * 2)
    .regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes");

/** A paymaster of the tenant (`pm_…`), to sponsor an operation: the paymaster pays its gas. */
export const PaymasterId = Id.meta({ description: "A paymaster of the tenant (GET /v1/connect/paymasters).", example: "pm_1a2b3c" });

const UserOperationFields = {
  sender: Address.meta({ description: "The smart account (registered with POST /v1/connect/accounts)." }),
  nonce: Quantity,
  factory: Address.optional().meta({ description: "First operation of an undeployed account: the factory (GET /v1/connect/accounts/{address} gives it)." }),
  factoryData: HexBytes(16_384).optional(),
  callData: HexBytes(65_536),
  callGasLimit: Quantity,
  verificationGasLimit: Quantity,
  preVerificationGas: Quantity,
  maxFeePerGas: Quantity,
  maxPriorityFeePerGas: Quantity,
  paymaster: Address.optional(),
  paymasterVerificationGasLimit: Quantity.optional(),
  paymasterPostOpGasLimit: Quantity.optional(),
  paymasterData: HexBytes(16_384).optional(),
};

export const UserOperationInput = z
  .strictObject({ ...UserOperationFields, signature: HexBytes(16_384) })
  .meta({ id: "UserOperationInput", description: "A signed ERC-4337 v0.7 user operation in the bundler RPC form (unpacked fields)." });

export type UserOperationInput = z.output<typeof UserOperationInput>;

const GasOptional = {
  callGasLimit: Quantity.optional(),
  verificationGasLimit: Quantity.optional(),
  preVerificationGas: Quantity.optional(),
  maxFeePerGas: Quantity.optional(),
  maxPriorityFeePerGas: Quantity.optional(),
};

export const UnsignedUserOperationInput = z
  .strictObject({ ...UserOperationFields, ...GasOptional, signature: HexBytes(16_384).optional() })
  .meta({
    id: "UnsignedUserOperationInput",
    description: "A v0.7 user operation to estimate: gas fields and signature are optional (a stub signature of the account's validator is used).",
  });

export type UnsignedUserOperationInput = z.output<typeof UnsignedUserOperationInput>;

// ---- accounts ----

const PasskeyCoordinate = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be 32 bytes of 0x-prefixed hex")
  .meta({ example: "0x5f2b0e3c9a1d4e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7" });

export const CreateConnectAccountInput = writeBody({
  signer: Address.optional().meta({
    description: "Validator `ecdsa` (required there): the owner key's address; it signs the account's user operations. Not sent for `passkey`.",
  }),
  chain_id: ChainId,
  validator: z.enum(["ecdsa", "passkey"]).default("ecdsa").meta({
    description:
      "Root validator of the account. `ecdsa` (default): a secp256k1 owner (`signer`). `passkey`: a WebAuthn P-256 passkey (the platform's " +
      "PasskeyValidator, user verification required), given by `credential_id` or by `public_key_x` + `public_key_y`. A passkey account's " +
      "`signer` in the answer is the passkey's key id, the last 20 bytes of keccak256(x ‖ y): registration is idempotent per key and chain.",
  }),
  credential_id: z.string().min(1).max(1024).optional().meta({
    description: "Validator `passkey`: a passkey the tenant stored (POST /v1/connect/passkeys, base64url credential id); its P-256 key owns the account.",
  }),
  public_key_x: PasskeyCoordinate.optional().meta({ description: "Validator `passkey`, without credential_id: the P-256 public key's x coordinate (32-byte hex)." }),
  public_key_y: PasskeyCoordinate.optional().meta({ description: "Validator `passkey`, without credential_id: the P-256 public key's y coordinate (32-byte hex)." }),
}).meta({ id: "CreateConnectAccountInput" });

export const ConnectAccount = apiObject("connect_account", {
  id: z.string(),
  address: z.string().meta({ description: "Counterfactual until the first user operation deploys it; the same address afterwards." }),
  signer: z.string().meta({ description: "`ecdsa`: the owner's address. `passkey`: the passkey's key id (last 20 bytes of keccak256(x ‖ y))." }),
  chain_id: z.string(),
  network: z.string(),
  validator: z.string().meta({ description: "Root validator: `ecdsa` or `passkey`." }),
  validator_address: z.string(),
  factory_address: z.string(),
  entry_point: z.string(),
  salt: z.string().meta({
    description:
      "The bytes32 salt of KernelFactory.createAccount: one per tenant and mode (keccak256 of abi.encode(\"token-platform/connect-account/v1\", tenant id, livemode)), " +
      "so the same signer has a different account in another tenant or mode. Clients deriving the address (e.g. permissionless `toKernelSmartAccount`) pass it as `index: BigInt(salt)`.",
  }),
  factory_data: z.string().meta({ description: "`factoryData` of the first user operation (KernelFactory.createAccount(initData, salt))." }),
  ...Recorded,
}).meta({ id: "ConnectAccount" });

export const ConnectAccountDetails = ConnectAccount.extend({
  deployed: z.boolean().meta({ description: "Whether the account's code is on chain (read from chain)." }),
  balance: z.string().meta({ description: "Native balance in wei (read from chain)." }),
  nonce: z.string().meta({ description: "Next EntryPoint nonce of the account under its root validator's key (Kernel encodes the validator in the key), read from chain: the `nonce` of its next user operation." }),
}).meta({ id: "ConnectAccountDetails" });

export const ConnectAccountList = listOf(ConnectAccount, "ConnectAccountList");

export const ListConnectAccountsQuery = listQuery({ chain_id: ChainId.optional() });

export const AccountParams = z.strictObject({ address: Address });

export const AccountQuery = z.strictObject({
  chain_id: ChainId.optional().meta({ description: "Which chain's account when the address is registered on several (default: the latest registered)." }),
});

export const ModuleInstalledQuery = z.strictObject({
  chain_id: ChainId.optional(),
  module_type: z.coerce.number().int().min(1).max(4).meta({ description: "ERC-7579 module type: 1 validator, 2 executor, 3 fallback, 4 hook." }),
  module: Address,
  context: HexBytes(4096).optional().meta({ description: "additionalContext of isModuleInstalled (default 0x)." }),
});

export const ModuleInstalled = apiObject("module_installation", {
  account: z.string(),
  chain_id: z.string(),
  module_type: z.number().int(),
  module: z.string(),
  installed: z.boolean(),
}).meta({ id: "ModuleInstalled" });

// ---- relay ----

export const RelayStatus = z.enum(["awaiting_sign", "pending", "confirmed", "failed", "cancelled"]);

export const RelayInput = writeBody({
  chain_id: ChainId,
  user_operation: UserOperationInput,
}).meta({ id: "RelayInput" });

export const RelayOperation = apiObject("relay_operation", {
  id: z.string(),
  user_op_hash: z.string(),
  status: RelayStatus.meta({ description: "`pending` once the bundler accepted it; `confirmed` when included and successful; `failed` when included and reverted." }),
  account: z.string(),
  chain_id: z.string(),
  network: z.string(),
  entry_point: z.string(),
  nonce: z.string(),
  call_data: z.string(),
  user_operation: z.record(z.string(), z.string()).meta({
    description: "The v0.7 user operation in bundler RPC form (hex quantities). While `awaiting_sign` it has no signature: sign `user_op_hash` with the account's owner key.",
  }),
  transaction_hash: z.string().nullable(),
  block_number: z.string().nullable(),
  success: z.boolean().nullable(),
  actual_gas_cost: z.string().nullable().meta({ description: "Wei paid for the operation (from the receipt)." }),
  actual_gas_used: z.string().nullable(),
  failure_reason: z.string().nullable(),
  ...Recorded,
  submitted: z.number().int().nullable(),
  completed: z.number().int().nullable(),
}).meta({ id: "RelayOperation" });

export const RelayOperationList = listOf(RelayOperation, "RelayOperationList");

export const UserOpHashParams = z.strictObject({
  userOpHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hash"),
});

export const ReceiptQuery = z.strictObject({ chain_id: ChainId });

export const RelayReceipt = apiObject("relay_receipt", {
  user_op_hash: z.string(),
  chain_id: z.string(),
  receipt: z
    .object({
      success: z.boolean(),
      sender: z.string(),
      nonce: z.string(),
      actual_gas_cost: z.string(),
      actual_gas_used: z.string(),
      reason: z.string().nullable(),
      transaction_hash: z.string(),
      block_number: z.string(),
      block_hash: z.string(),
      logs: z.number().int().meta({ description: "Number of logs the operation emitted." }),
    })
    .nullable()
    .meta({ description: "The bundler's receipt; null while the operation is not yet mined." }),
}).meta({ id: "RelayReceipt" });

export const EstimateGasInput = writeBody({
  chain_id: ChainId,
  user_operation: UnsignedUserOperationInput,
  paymaster_id: PaymasterId.optional().meta({
    description:
      "Sponsor the operation with this paymaster of the tenant (POST /v1/connect/paymasters): the estimate then includes the paymaster's gas, " +
      "and the answer carries `paymaster` and a signed `paymasterData`. That signature covers the gas and fee fields: build the operation with " +
      "exactly the returned values, sign it and send it to POST /v1/connect/relay within an hour. Leave the operation's own paymaster fields out.",
  }),
}).meta({ id: "EstimateGasInput" });

export const GasEstimate = apiObject("gas_estimate", {
  chain_id: z.string(),
  preVerificationGas: z.string(),
  verificationGasLimit: z.string(),
  callGasLimit: z.string(),
  paymasterVerificationGasLimit: z.string().nullable(),
  paymasterPostOpGasLimit: z.string().nullable(),
  maxFeePerGas: z.string().nullable().meta({ description: "The bundler's suggested fee (standard tier), when it offers one." }),
  maxPriorityFeePerGas: z.string().nullable(),
  paymaster: z.string().nullable().meta({ description: "With `paymaster_id`: the paymaster contract (the operation's `paymaster`); null otherwise." }),
  paymasterData: z.string().nullable().meta({
    description: "With `paymaster_id`: the operation's `paymasterData`, abi.encode(uint48 validUntil, uint48 validAfter) ++ the paymaster signer's signature; null otherwise.",
  }),
}).meta({ id: "GasEstimate", description: "Gas limits as decimal strings." });

// ---- networks ----

export const ChainIdParams = z.strictObject({ chainId: ChainId });

export const ConnectNetwork = apiObject("connect_network", {
  chain_id: z.string(),
  network: z.string(),
  rpc_chain_id: z.number().int().meta({ description: "Chain id the RPC reports (the local chain serves test networks as 31337): sign user operations for this id." }),
  entry_point: z.string(),
  factory_address: z.string().nullable(),
  account_implementation: z.string().nullable(),
  validators: z.object({ ecdsa: z.string(), passkey: z.string() }),
  rpc_url: z.string().nullable().meta({ description: "Configured RPC URLs are shown by origin only (provider keys stay private)." }),
  bundler_url: z.string().nullable(),
  available: z.boolean(),
}).meta({ id: "ConnectNetwork" });

// ---- operations awaiting a client signature ----

export const PendingOpsQuery = listQuery({
  account: Address.optional().meta({ description: "Only this smart account's operations." }),
  chain_id: ChainId.optional(),
});

export const SignatureInput = writeBody({
  signature: HexBytes(16_384).meta({ description: "The owner's signature over `user_op_hash` (ECDSA validator: an EIP-191 personal signature of the 32-byte hash, or a raw one)." }),
}).meta({ id: "SignatureInput" });

export const OpParams = UserOpHashParams;

// ---- module and validator call data ----

const TargetFields = {
  account: Address.optional().meta({ description: "The smart account the call data is for; when given it must be one of the tenant's (404 otherwise)." }),
  chain_id: ChainId.optional(),
};
const ModuleType = z.number().int().min(1).max(4).meta({ description: "ERC-7579 module type: 1 validator, 2 executor, 3 fallback, 4 hook.", example: 1 });

export const InstallModuleInput = writeBody({
  ...TargetFields,
  module_type: ModuleType,
  module: Address,
  data: HexBytes(16_384).optional().meta({ description: "The module's own install data (e.g. a validator's key data)." }),
  hook: Address.optional().meta({ description: "Hook for a validator or executor (default: none)." }),
  hook_data: HexBytes(16_384).optional(),
  selector: HexBytes(4).optional().meta({ description: "Validators: the selector the validator may validate (default execute, 0xe9ae5c53)." }),
  init_data: HexBytes(32_768).optional().meta({ description: "Kernel initData as is, instead of data/hook/selector (required for fallback modules)." }),
}).meta({ id: "InstallModuleInput" });

export const UninstallModuleInput = writeBody({
  ...TargetFields,
  module_type: ModuleType,
  module: Address,
  data: HexBytes(16_384).optional().meta({ description: "deInitData passed to the module's onUninstall (default 0x)." }),
}).meta({ id: "UninstallModuleInput" });

export const ChangeRootInput = writeBody({
  ...TargetFields,
  validator: Address,
  data: HexBytes(16_384).meta({ description: "The new root validator's install data (ECDSA validator: the owner's 20-byte address)." }),
  hook: Address.optional(),
  hook_data: HexBytes(16_384).optional(),
}).meta({ id: "ChangeRootInput" });

export const UninstallValidationInput = writeBody({
  ...TargetFields,
  validator: Address,
  data: HexBytes(16_384).optional().meta({ description: "deinitData for the validator (default 0x)." }),
  hook_data: HexBytes(16_384).optional(),
}).meta({ id: "UninstallValidationInput" });

export const ModuleCallData = apiObject("module_call_data", {
  action: z.enum(["install_module", "uninstall_module", "change_root_validator", "uninstall_validation"]),
  account: z.string().nullable(),
  chain_id: z.string().nullable(),
  module_type: z.number().int(),
  module: z.string(),
  call_data: z.string().meta({ description: "Call of the account on itself: use it as a user operation's callData, or as a call to the account inside execute." }),
  validator_nonce_key: z.string().nullable().meta({ description: "Installing a validator: the EntryPoint nonce key of user operations it validates (decimal)." }),
}).meta({ id: "ModuleCallData" });
