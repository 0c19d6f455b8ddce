// The one serialisation of a token record.
import { unixSeconds } from "@/lib/core/ids";
import type { Token } from "@/lib/generated/prisma/client";
import { featuresOf } from "@/lib/tokens/lookup";
import type { Standard } from "@/lib/tokens/standards";

export interface RegulatedSuite {
  identity_registry: string;
  identity_registry_storage: string;
  compliance: string;
  trusted_issuers_registry: string;
  claim_topics_registry: string;
  paused: boolean;
}

export function serializeToken(t: Token) {
  return {
    object: "token" as const,
    id: t.id,
    name: t.name,
    symbol: t.symbol,
    standard: t.standard as Standard,
    network: t.network,
    status: t.status as "deploying" | "deployed" | "failed",
    decimals: t.decimals,
    initial_supply: t.initialSupply,
    features: { ...featuresOf(t), votes: featuresOf(t).votes ?? false }, // tokens from before the votes feature have none
    address: t.address,
    deploy_tx: t.deployTxId,
    failure_reason: t.failureReason,
    regulated: (t.regulated ?? null) as RegulatedSuite | null,
    livemode: t.livemode,
    created: unixSeconds(t.createdAt),
  };
}
