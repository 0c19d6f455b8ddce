// Multisigs (spec document 2, 4.2): Safe 1.4.1 proxies and their Safe transactions. The spec gives the
// request fields; the records and the response bodies are ours.
import { z } from "zod";
import { Amount, Id, listOf, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address } from "./tokens";

const Network = z.string().min(1).max(64).meta({ example: "polygon_amoy" });
const Threshold = z.number().int().min(1).max(100);
const SaltNonce = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const HexBytes = z.string().max(200_000).regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes");

export const Signatures = HexBytes.meta({
  description:
    "Owner signatures of the Safe transaction's safeTxHash, concatenated (r ‖ s ‖ v, 65 bytes each, then the data of contract " +
    "signatures). Every Safe kind is accepted: EIP-712 (v 27/28), eth_sign (v 31/32), approved hash (v 1, r = owner) and contract " +
    "signature (v 0, EIP-1271). Any order: they are sorted by owner before execution. Owners that approved the hash on chain " +
    "(POST …/confirm) and the acting account, when it is an owner (it sends the execution), are added as approved-hash signatures, " +
    "so `0x` is enough once the threshold is met on chain. Fewer than the threshold answers 400 `GS020`.",
  // One approved-hash signature (v 1, r = the owner's address).
  example: "0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000000000000000000000000000000000000000000000001",
});

export const MultisigStatus = z.enum(["deploying", "active", "failed"]).meta({
  description: "`deploying` until the factory's transaction confirms; `active` once the proxy exists at `address`; `failed`: the deployment reverted (see `failure_reason`).",
});

export const CreateMultisigInput = writeBody({
  name: z.string().min(1).max(200).meta({ example: "Treasury" }),
  owners: z.array(Address).min(1).max(50).meta({ description: "Owner addresses: distinct, not the zero address nor 0x…01." }),
  threshold: Threshold.meta({ description: "Signatures needed to execute, 1 to the number of owners.", example: 2 }),
  network: Network,
  salt_nonce: SaltNonce.optional().meta({
    description:
      "With the same owners and threshold, gives the same address (GET …/predict_address). The on-chain saltNonce is derived from " +
      "it, your account and the mode, so no other tenant can take the address. Default: a random one (returned on the record).",
  }),
  safe_singleton_address: Address.optional().meta({ description: "A Safe singleton to use instead of the network's canonical SafeL2 1.4.1; a contract must exist there." }),
  safe_proxy_factory_address: Address.optional().meta({ description: "A SafeProxyFactory to use instead of the canonical one; a contract must exist there." }),
}).meta({ id: "CreateMultisigInput", description: "Deploys a Safe proxy through the factory (createProxyWithNonce), sent and paid by your acting account." });

const OnChain = z
  .object({
    owners: z.array(z.string()).meta({ description: "getOwners(), in the Safe's linked-list order (what `prev_owner` refers to)." }),
    threshold: z.number().int(),
    nonce: z.number().int().meta({ description: "The nonce the next executed Safe transaction must carry." }),
    version: z.string(),
    modules: z.array(z.string()),
    fallback_handler: z.string().nullable(),
  })
  .meta({ id: "MultisigOnChain" });

const MultisigFields = {
  object: z.literal("multisig"),
  id: z.string().meta({ example: "msig_01jd…" }),
  name: z.string(),
  network: z.string(),
  address: z.string().meta({ description: "The Safe's address, predicted before deployment and checked against the factory's ProxyCreation log." }),
  owners: z.array(z.string()).meta({ description: "Owners as of the last change confirmed through the API; `on_chain.owners` is the chain's." }),
  threshold: z.number().int(),
  salt_nonce: z.string(),
  safe_singleton_address: z.string(),
  safe_proxy_factory_address: z.string(),
  fallback_handler: z.string(),
  status: MultisigStatus,
  deploy_transaction: z.string(),
  failure_reason: z.string().nullable(),
  ...Recorded,
};
export const Multisig = z.object(MultisigFields).meta({ id: "Multisig" });
export const MultisigDetails = z
  .object({ ...MultisigFields, on_chain: OnChain.nullable().meta({ description: "Read from the Safe now; null until it is deployed." }) })
  .meta({ id: "MultisigDetails" });
export const MultisigList = listOf(Multisig, "MultisigList");

export const ListMultisigsQuery = listQuery({ network: Network.optional(), status: MultisigStatus.optional() });

export const PredictAddressQuery = z.strictObject({
  owners: z
    .string()
    .max(5000)
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(Address).min(1).max(50))
    .meta({ description: "Comma-separated owner addresses.", example: "0x5FbDB2315678afecb367f032d93F642f64180aa3,0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }),
  threshold: z.coerce.number().int().min(1).max(100),
  salt_nonce: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export const AddressPrediction = apiObject("multisig_address_prediction", {
  address: z.string(),
  network: z.string(),
  owners: z.array(z.string()),
  threshold: z.number().int(),
  salt_nonce: z.string(),
  safe_singleton_address: z.string(),
  safe_proxy_factory_address: z.string(),
  deployed: z.boolean().meta({ description: "Whether a contract already exists there." }),
}).meta({ id: "MultisigAddressPrediction", description: "The address POST /v1/multisigs gives for these owners, threshold and salt_nonce on this multisig's network and contracts." });

// ---- Safe transactions -------------------------------------------------------------------------------------

export const MultisigTxStatus = z.enum(["proposed", "executing", "executed"]).meta({
  description:
    "`proposed`: waiting for signatures; `executing`: its execTransaction is in flight; `executed`: the Safe logged ExecutionSuccess. " +
    "An execution that reverts puts it back to `proposed` with `failure_reason` (its Safe nonce was not used).",
});

export const MultisigTransaction = apiObject("multisig_transaction", {
  id: z.string().meta({ example: "mstx_01jd…" }),
  multisig: z.string(),
  tx_index: z.number().int().meta({ description: "0, 1, 2… per multisig, in order of submission (the path's {txIndex})." }),
  kind: z.enum(["call", "add_owner", "remove_owner", "swap_owner", "change_threshold"]),
  to: z.string(),
  value: z.string(),
  data: z.string(),
  operation: z.literal(0).meta({ description: "Always CALL (0): this API proposes no DELEGATECALL." }),
  nonce: z.number().int().meta({ description: "The Safe nonce it was proposed for: the on-chain nonce, after the proposals still open." }),
  safe_tx_hash: z.string().meta({ description: "EIP-712 hash of the SafeTx (domain: chain id and the Safe; safeTxGas, baseGas, gasPrice 0; no gas token or refund receiver): what owners sign." }),
  status: MultisigTxStatus,
  transaction: z.string().nullable().meta({ description: "The last execTransaction sent for it (GET /v1/transactions/{id})." }),
  executed_tx_hash: z.string().nullable(),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "MultisigTransaction" });
export const MultisigTransactionList = listOf(MultisigTransaction, "MultisigTransactionList");

export const ListMultisigTxQuery = listQuery({ status: MultisigTxStatus.optional() });

export const SubmitMultisigTxInput = writeBody({
  to: Address,
  value: Amount.default("0").meta({ description: "Wei sent with the call (default 0)." }),
  data: HexBytes.default("0x").meta({ description: "Calldata (default 0x)." }),
}).meta({ id: "SubmitMultisigTxInput", description: "Stores a proposal and answers its safe_tx_hash for the owners to sign; nothing is sent." });

export const TxIndexParams = z.strictObject({ id: Id, txIndex: z.coerce.number().int().min(0).max(2_147_483_647) });
export const TxConfirmationParams = z.strictObject({ ...TxIndexParams.shape, address: Address });
export const MultisigAddressParams = z.strictObject({ id: Id, address: Address });

export const ConfirmMultisigTxInput = writeBody({
  signer_address: Address.meta({ description: "Must be your acting account and an owner: it sends approveHash(safeTxHash). Any other owner signs off-chain and passes its signature to execute (400 `off_chain_signature_required`)." }),
}).meta({ id: "ConfirmMultisigTxInput" });

export const ExecuteMultisigTxInput = writeBody({ signatures: Signatures }).meta({
  id: "ExecuteMultisigTxInput",
  description: "Sends execTransaction from your acting account after an eth_call of it: a Safe revert answers 400 with its code (GS020, GS025, GS026, GS013 …) and nothing is recorded.",
});

export const MultisigConfirmation = apiObject("multisig_confirmation", {
  multisig: z.string(),
  tx_index: z.number().int(),
  safe_tx_hash: z.string(),
  address: z.string(),
  confirmed: z.boolean().meta({ description: "approvedHashes(address, safeTxHash) is set on chain." }),
  is_owner: z.boolean(),
}).meta({ id: "MultisigConfirmation" });

export const MultisigOwner = z
  .object({ object: z.literal("multisig_owner"), multisig: z.string(), address: z.string(), is_owner: z.boolean().meta({ description: "isOwner(address) on chain." }) })
  .meta({ id: "MultisigOwner" });

// ---- owner changes: each a Safe transaction to the Safe itself, signed by the owners ----------------------

const ownerChangeNote =
  "Executed at once as a Safe transaction to the Safe itself, at the Safe's current nonce, with the supplied `signatures` of its safeTxHash " +
  "(compute it with any Safe client: to = the Safe, value 0, operation CALL, gas fields 0, the nonce of GET /v1/multisigs/{id}; a refusal names the hash).";

export const AddOwnerInput = writeBody({
  owner: Address,
  threshold: Threshold.optional().meta({ description: "The threshold after the change; default the current one." }),
  signatures: Signatures,
}).meta({ id: "AddOwnerInput", description: `addOwnerWithThreshold(owner, threshold). ${ownerChangeNote}` });

const PrevOwner = Address.meta({ description: "The owner before the one changed in the Safe's linked list (getOwners order), or 0x…01 (SENTINEL) when it is the first; checked on chain (400 `GS205`)." });

export const RemoveOwnerInput = writeBody({
  prev_owner: PrevOwner,
  threshold: Threshold.optional().meta({ description: "The threshold after the change; default the current one, lowered to the owners left when it would exceed them." }),
  signatures: Signatures,
}).meta({ id: "RemoveOwnerInput", description: `removeOwner(prev_owner, address, threshold). ${ownerChangeNote}` });

export const SwapOwnerInput = writeBody({ prev_owner: PrevOwner, old_owner: Address, new_owner: Address, signatures: Signatures }).meta({
  id: "SwapOwnerInput",
  description: `swapOwner(prev_owner, old_owner, new_owner). ${ownerChangeNote}`,
});

export const ChangeThresholdInput = writeBody({ threshold: Threshold, signatures: Signatures }).meta({
  id: "ChangeThresholdInput",
  description: `changeThreshold(threshold). ${ownerChangeNote}`,
});
