// The one serialisation of a token record.
import { unixSeconds } from "@/lib/api/ids";
import type { Token } from "@/lib/generated/prisma/client";
import { featuresOf } from "./scope";
import type { Standard } from "./standards";

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
    features: featuresOf(t),
    address: t.address,
    deploy_tx: t.deployTxId,
    failure_reason: t.failureReason,
    livemode: t.livemode,
    created: unixSeconds(t.createdAt),
  };
}
