// Connect social recovery (onchain-modules 4.1): guardians, recovery requests and the guardians' call data
// (initiateRecovery, then doRecovery after the on-chain timelock).
import { z } from "zod";
import { Address, Id, writeBody, apiObject, Recorded } from "./common";
import { ChainIdString } from "./connect-identity";

const MAX_GUARDIANS = 10;

export const RecoveryConfigureInput = writeBody({
  account: Address.meta({ description: "The smart account (a Connect account of this tenant on `chain_id`)." }),
  chain_id: ChainIdString,
  guardians: z.array(Address).min(1).max(MAX_GUARDIANS).meta({ description: `Guardian addresses (secp256k1 keys), 1 to ${MAX_GUARDIANS}, distinct. Replaces the account's guardians when sent again.` }),
  threshold: z.number().int().min(1).max(MAX_GUARDIANS).meta({ description: "Guardian approvals needed to recover: 1 to the number of guardians." }),
  timelock_seconds: z.number().int().min(1).max(30 * 86_400).optional().meta({
    description: "Seconds between initiation and the earliest execution. Default 86400 (one day); at least 3600 with live keys, at least 1 with test keys; at most 30 days.",
  }),
}).meta({ id: "RecoveryConfigureInput" });

export const RecoveryInitiateInput = writeBody({
  account: Address,
  chain_id: ChainIdString,
  guardian: Address.meta({ description: "The guardian proposing the recovery; counts as its first confirmation." }),
  new_signer: Address.meta({ description: "The new owner: the ECDSA validator's signer after recovery (the new root validator key data)." }),
}).meta({ id: "RecoveryInitiateInput" });

export const RecoveryConfirmInput = writeBody({
  guardian: Address.meta({ description: "Another guardian approving the request. Confirming twice is idempotent (200, counted once)." }),
}).meta({ id: "RecoveryConfirmInput" });

export const RecoveryCancelInput = writeBody({}).meta({ id: "RecoveryCancelInput" });

export const RecoveryExecuteInput = writeBody({
  executed_tx_hash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte transaction hash")
    .optional()
    .meta({
      description: "Hash of the mined transaction that included the guardians' user operation, checked on chain: the initiateRecovery one records executable_at; the doRecovery one makes the request `executed`.",
    }),
}).meta({ id: "RecoveryExecuteInput" });

export const RequestIdParams = z.strictObject({ requestId: Id });

const CallOut = z.object({ to: z.string(), value: z.string(), data: z.string() });

export const RecoveryConfig = apiObject("recovery_config", {
  id: z.string(),
  account: z.string(),
  chain_id: z.string(),
  guardians: z.array(z.string()),
  threshold: z.number().int(),
  timelock_seconds: z.number().int(),
  recovery_validator: z.string().meta({ description: "Address of the RecoveryValidator module (guardian-threshold validator and the initiateRecovery/doRecovery fallbacks)." }),
  installed: z.boolean().meta({ description: "Whether the RecoveryValidator is installed on the account (read from chain)." }),
  setup: z
    .object({
      action: z.enum(["install", "update_guardians"]),
      call_data: z.string().meta({ description: "User operation callData (Kernel execute) for the owner to sign under the root validator." }),
      calls: z.array(CallOut).meta({ description: "The same as individual calls from the account." }),
    })
    .meta({
      description:
        "What the owner must run on chain so guardians can recover: `install` installs the RecoveryValidator as a non-root validator for the initiateRecovery and doRecovery selectors and as their delegatecall fallback, with timelock_seconds as its on-chain delay; `update_guardians` sets the new guardians, threshold and delay on the installed module.",
    }),
  ...Recorded,
  updated: z.number().int(),
}).meta({ id: "RecoveryConfig" });

export const RecoveryRequest = apiObject("recovery_request", {
  id: z.string().meta({ description: "`rcv_…`" }),
  account: z.string(),
  chain_id: z.string(),
  status: z.enum(["pending", "executed", "cancelled"]).meta({
    description: "pending → executed (terminal, checked on chain) or cancelled (terminal, by the owner: at once before the on-chain initiation, after it once the owner's cancelRecovery user operation is confirmed).",
  }),
  initiated_by: z.string(),
  confirmations: z.array(z.string()).meta({ description: "Guardians that approved, the initiator first." }),
  threshold: z.number().int().nullable(),
  new_validator: z.string(),
  new_validator_data: z.string(),
  new_signer: z.string().nullable(),
  executable_at: z.number().int().nullable().meta({
    description: "Unix seconds of the chain's clock: the end of the on-chain timelock, from the RecoveryInitiated event of the guardians' initiateRecovery. Null until that initiation is on chain.",
  }),
  initiated_tx_hash: z.string().nullable().meta({ description: "The transaction of the on-chain initiation, once passed to execute as executed_tx_hash." }),
  executable: z.boolean().meta({ description: "Pending, initiated on chain, the chain's clock past executable_at, and at the threshold of confirmations." }),
  cancel_user_op_hash: z.string().nullable().meta({
    description: "After cancel of a recovery initiated on chain: the owner's cancelRecovery user operation, to sign with POST /v1/connect/ops/{userOpHash}/sign-and-relay. The request is cancelled once it is confirmed.",
  }),
  executed_tx_hash: z.string().nullable(),
  executed: z.number().int().nullable(),
  cancelled: z.number().int().nullable(),
  ...Recorded,
}).meta({ id: "RecoveryRequest" });

export const RecoveryExecution = RecoveryRequest.extend({
  execution: z
    .object({
      phase: z.enum(["initiate", "execute"]).meta({
        description: "`initiate`: initiateRecovery starts the on-chain timelock (pass its transaction hash as executed_tx_hash to record executable_at). `execute`: the timelock is over on chain; doRecovery makes the new validator root.",
      }),
      call_data: z.string().meta({ description: "initiateRecovery or doRecovery(newValidator, newValidatorData): the user operation's callData (not wrapped in execute)." }),
      recovery_validator: z.string(),
      nonce_key: z.string().meta({ description: "EntryPoint nonce key of the RecoveryValidator (Kernel: 0x00 ++ 0x01 ++ validator ++ 0x0000), decimal." }),
      nonce: z.string().meta({ description: "The account's current EntryPoint nonce under that key, decimal." }),
      signature_format: z.string(),
    })
    .nullable()
    .meta({ description: "Without executed_tx_hash: what to submit. With it (or once executed): null." }),
}).meta({ id: "RecoveryExecution" });

export const AccountRecovery = apiObject("account_recovery", {
  account: z.string(),
  chain_id: z.string(),
  configured: z.boolean(),
  guardians: z.array(z.string()),
  threshold: z.number().int().nullable(),
  timelock_seconds: z.number().int().nullable(),
  recovery_validator: z.string(),
  installed: z.boolean(),
  active_requests: z.array(RecoveryRequest).meta({ description: "Pending requests (at most one)." }),
}).meta({ id: "AccountRecovery" });
