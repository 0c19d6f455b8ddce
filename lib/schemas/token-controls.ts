// The controls of a regulated (ERC3643 / T-REX) token (spec 4.5): agent actions (freeze, partial freeze,
// forced transfer, recovery), the owner's choice of compliance and identity registry, and live reads.
// POST operations answer 200 with the transaction record; the change happens when it confirms.
import { z } from "zod";
import { writeBody, apiObject } from "./common";
import { Address, Uint256 } from "./tokens";

const PositiveAmount = Uint256.refine((v) => !/^\d+$/.test(v) || BigInt(v) > 0n, "must be greater than 0").meta({
  description: "Decimal integer string in the token's smallest unit, greater than 0.",
  example: "100",
});

export const InvestorQuery = z.strictObject({ address: Address.meta({ description: "The investor's wallet." }) });

export const FreezeInput = writeBody({ address: Address.meta({ description: "The investor's wallet." }) }).meta({
  id: "FreezeInput",
  description: "setAddressFrozen(address, true|false), sent by the tenant wallet (an agent of the token). A frozen wallet can neither send nor receive.",
});

export const PartialFreezeInput = writeBody({ address: Address, amount: PositiveAmount }).meta({
  id: "PartialFreezeInput",
  description:
    "freezePartialTokens / unfreezePartialTokens(address, amount). Checked on chain first: freezing more than the unfrozen balance, " +
    "or unfreezing more than is frozen, answers 400 (`insufficient_balance`, `amount_exceeds_frozen`).",
});

export const ForceTransferInput = writeBody({ from: Address, to: Address, amount: PositiveAmount }).meta({
  id: "ForceTransferInput",
  description:
    "forcedTransfer(from, to, amount), an agent action: moves tokens without the holder's consent, frozen ones included (they are " +
    "unfrozen as needed). `to` must be a verified investor (400 `recipient_not_verified`); `from` must hold `amount` (400 `insufficient_balance`).",
});

export const RecoverInput = writeBody({
  lost_wallet: Address,
  new_wallet: Address,
  investor_onchain_id: Address.optional().meta({
    description: "The investor's ONCHAINID; default: the identity registered for lost_wallet in the token's identity registry.",
  }),
}).meta({
  id: "RecoverInput",
  description:
    "Moves the whole balance and the frozen state of a lost wallet to a new wallet of the same investor, and moves the registration " +
    "in the identity registry. First the new wallet is added as a management key (purpose 1) of the investor's ONCHAINID " +
    "(`token.recover_add_key`, sent by the tenant wallet, which must be a management key of that identity), then, when that " +
    "confirms, recoveryAddress(lost, new, onchainId) is sent (`token.recover`). When the new wallet already is such a key, only " +
    "the second is sent. The answer is the first transaction of the two.",
});

export const SetComplianceInput = writeBody({ compliance: Address.meta({ description: "A ModularCompliance contract not bound to another token." }) }).meta({
  id: "SetComplianceInput",
  description: "setCompliance(compliance), an owner action: the token unbinds from its current compliance and binds to this one.",
});

export const SetIdentityRegistryInput = writeBody({ identity_registry: Address.meta({ description: "An IdentityRegistry contract." }) }).meta({
  id: "SetIdentityRegistryInput",
  description: "setIdentityRegistry(identity_registry), an owner action: who is verified is decided by this registry from then on.",
});

export const ComplianceInfo = apiObject("compliance_info", {
  token: z.string(),
  compliance: z.string().meta({ description: "token.compliance(), read on chain." }),
  modules: z.array(z.string()).meta({ description: "The compliance's bound modules (getModules)." }),
}).meta({ id: "ComplianceInfo" });

export const IdentityRegistryInfo = apiObject("identity_registry", {
  token: z.string(),
  identity_registry: z.string().meta({ description: "token.identityRegistry(), read on chain." }),
  identity_registry_storage: z.string(),
  trusted_issuers_registry: z.string(),
  claim_topics_registry: z.string(),
}).meta({ id: "IdentityRegistryInfo" });

export const FrozenStatus = z
  .object({ object: z.literal("frozen_status"), token: z.string(), address: z.string(), frozen: z.boolean().meta({ description: "isFrozen(address), read on chain." }) })
  .meta({ id: "FrozenStatus" });

export const FrozenTokens = apiObject("frozen_tokens", {
  token: z.string(),
  address: z.string(),
  frozen_tokens: z.string().meta({ description: "getFrozenTokens(address): the part of the balance that cannot move." }),
  balance: z.string(),
}).meta({ id: "FrozenTokens" });
