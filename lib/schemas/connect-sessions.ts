// Connect session keys (onchain-modules 4.1): register, list, revoke. Enforced on chain by the
// SessionKeyValidator module (contracts/connect/SessionKeyValidator.sol).
import { z } from "zod";
import { Address, Amount, Id, ListQuery, listOf, singleLine, writeBody, apiObject, Recorded } from "./common";
import { ChainIdString } from "./connect-identity";

export const MAX_SESSION_DAYS = 90;
export const MAX_SESSION_SCOPE = 32;

const UnixSeconds = z.number().int().min(0).max(281_474_976_710_655); // uint48

const Selector = z
  .string()
  .min(1)
  .max(256)
  .regex(/^(0x[0-9a-fA-F]{8}|(function )?[A-Za-z_$][A-Za-z0-9_$]*\([A-Za-z0-9_$, \[\]()]*\))$/,
    "must be a 4-byte selector (0x + 8 hex digits) or a function signature such as transfer(address,uint256)")
  .meta({ example: "transfer(address,uint256)" });

export const SessionKeyInput = writeBody({
  account: Address.meta({ description: "The smart account (registered with POST /v1/connect/accounts) that grants the session." }),
  chain_id: ChainIdString,
  signer: Address.optional().meta({
    description:
      "Address of a key the client holds. Omitted: the server generates the key pair, stores the private key encrypted and returns only its address (a server-held session key the platform signs with, e.g. for connect-mode token writes).",
  }),
  name: singleLine(z.string().min(1).max(100)).optional(),
  valid_until: UnixSeconds.meta({ description: `Expiry, Unix seconds: in the future and at most ${MAX_SESSION_DAYS} days ahead. Enforced on chain (the validator returns it as the user operation's validUntil).` }),
  valid_after: UnixSeconds.optional().meta({ description: "Start, Unix seconds (default: at once). Must be before valid_until." }),
  permissions: z
    .array(z.strictObject({ target: Address, selector: Selector }).meta({ id: "SessionKeyPermission" }))
    .min(1)
    .max(MAX_SESSION_SCOPE)
    .optional()
    .meta({
      description: `The calls the session may make, as (target, selector) pairs (1 to ${MAX_SESSION_SCOPE}): the session may call each selector on its own target only. target is never the account itself or the validator; selector is a 4-byte hex selector or a signature like "transfer(address,uint256)" (0x00000000: calls without data). Give either permissions, or targets with selectors.`,
    }),
  targets: z
    .array(Address)
    .min(1)
    .max(MAX_SESSION_SCOPE)
    .optional()
    .meta({ description: `Shorthand for permissions when one of the two lists has a single entry: one target with several selectors, or several targets with one selector (1 to ${MAX_SESSION_SCOPE}). Several of each is refused (400 session_scope_ambiguous): give permissions as pairs.` }),
  selectors: z
    .array(Selector)
    .min(1)
    .max(MAX_SESSION_SCOPE)
    .optional()
    .meta({ description: "With targets (shorthand for permissions): 4-byte hex selectors or signatures like \"transfer(address,uint256)\"; 0x00000000 allows calls without data (plain value transfers)." }),
  gas_limit: z
    .number()
    .int()
    .min(21_000)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .meta({ description: "Most gas one user operation of the session may reserve: preVerificationGas + verificationGasLimit + callGasLimit, plus the paymaster's verification and post-op gas limits. Default: no limit. Enforced on chain." }),
  paymaster: z
    .union([z.enum(["any", "none"]), Address])
    .optional()
    .meta({ description: "Whether the session's operations may be sponsored: \"any\" (default), \"none\" (the account pays), or the one paymaster address allowed. Enforced on chain." }),
  value_limit: Amount.optional().meta({ description: "Most wei one call may carry (default \"0\"); below 2^128." }),
}).meta({ id: "SessionKeyInput" });

const OnChainSession = z
  .object({
    present: z.boolean().meta({ description: "The validator holds this session for the account (installed, not revoked)." }),
    valid_after: z.number().int().nullable(),
    valid_until: z.number().int().nullable(),
    value_limit: z.string().nullable(),
    gas_limit: z.number().int().nullable().meta({ description: "The session's gas limit per operation on chain (null: none, or no session)." }),
    paymaster: z.string().nullable().meta({ description: "The paymaster allowance on chain: any, none or the paymaster's address (null: no session)." }),
    validator_installed: z.boolean().meta({ description: "The session-key validator module is installed on the account." }),
  })
  .meta({ id: "SessionKeyOnChain", description: "What the SessionKeyValidator holds for this signer and account, read from chain." });

const Call = z
  .object({ to: z.string(), value: z.string(), data: z.string() })
  .meta({ id: "SessionKeyCall", description: "The same action as one call from the account (for POST /v1/connect/relay callers building their own execute or batch)." });

export const SessionKey = apiObject("session_key", {
  id: z.string(),
  account: z.string(),
  chain_id: z.string(),
  network: z.string(),
  signer: z.string().meta({ description: "The session key's address: it signs personal_sign(userOpHash) (EIP-191) of the account's user operations." }),
  server_held: z.boolean().meta({ description: "true when the server generated the key and holds it encrypted (erased on revocation); the key is never returned." }),
  name: z.string().nullable(),
  validator: z.string().meta({ description: "The SessionKeyValidator module address." }),
  nonce_key: z.string().meta({ description: "Decimal key of the account's user operations validated by the session (EntryPoint getNonce(account, key)): Kernel v3.1 mode 0x00, type 0x01, validator, 0x0000." }),
  valid_after: z.number().int(),
  valid_until: z.number().int(),
  permissions: z.array(z.object({ target: z.string(), selector: z.string() })).meta({ description: "The permitted (target, selector) pairs." }),
  targets: z.array(z.string()).meta({ description: "The distinct targets of permissions." }),
  selectors: z.array(z.string()).meta({ description: "The distinct 4-byte selectors (0x…) of permissions." }),
  value_limit: z.string(),
  gas_limit: z.number().int().nullable().meta({ description: "Most gas per user operation (null: no limit)." }),
  paymaster: z.string().meta({ description: "any, none, or the one paymaster address allowed." }),
  status: z.enum(["awaiting_install", "active", "expired", "revoked"]).meta({
    description:
      "awaiting_install until the account's validator holds the session (a user operation carrying install_call_data confirmed); active while it does and valid_until is ahead; expired after valid_until; revoked after DELETE (or when the session vanished from chain after being active).",
  }),
  on_chain: OnChainSession,
  ...Recorded,
  activated: z.number().int().nullable(),
  revoked: z.number().int().nullable(),
}).meta({ id: "SessionKey" });

export const SessionKeyCreated = SessionKey.extend({
  install_action: z.enum(["install_module", "add_session"]).meta({
    description: "install_module: the validator is not installed on the account yet (Kernel installModule); add_session: it is, so the session is added through execute.",
  }),
  install_call_data: z.string().meta({ description: "callData of a user operation (validated by the account's owner) that installs the session: sign and relay it (POST /v1/connect/relay)." }),
  install_call: Call,
}).meta({ id: "SessionKeyCreated" });

export const SessionKeyRevoked = SessionKey.extend({
  revoke_call_data: z.string().meta({ description: "callData of a user operation (validated by the owner) that removes the session on chain: execute(validator.revokeSession(signer)). Needed while on_chain.present is true; it reverts on an account where the validator was never installed (nothing to revoke there)." }),
  revoke_call: Call,
}).meta({ id: "SessionKeyRevoked" });

export const SessionKeyList = listOf(SessionKey, "SessionKeyList");

const OptionalChain = ChainIdString.optional().meta({ description: "Only the account on this chain (default: the account at this address on every chain)." });
export const SessionKeyListQuery = ListQuery.extend({ chain_id: OptionalChain });
export const SessionKeyDeleteQuery = z.strictObject({ chain_id: OptionalChain });
export const SessionKeyParams = z.strictObject({ address: Address, sessionKeyId: Id });

export type SessionKeyInputT = z.output<typeof SessionKeyInput>;
