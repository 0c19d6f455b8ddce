// The tenant's regulated (ERC3643) tokens and their T-REX suites: what every T-REX endpoint starts from.
import type { Address } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import { deployedToken, findToken, type DeployedToken } from "@/lib/tokens/lookup";
import { type Scope } from "@/lib/core/scope";
import type { RegulatedSuite as SerializedSuite } from "@/lib/tokens/serialize";

export interface RegulatedSuite {
  identityRegistry: Address;
  identityRegistryStorage: Address;
  compliance: Address;
  trustedIssuersRegistry: Address;
  claimTopicsRegistry: Address;
}

export type RegulatedToken = DeployedToken & { standard: "ERC3643"; suite: RegulatedSuite; paused: boolean };

/** The tenant's deployed ERC3643 token with its suite; 404 for another tenant's or an unknown id, 400 for another standard or a deployment not done. */
export async function regulatedToken(scope: Scope, tokenId: string): Promise<RegulatedToken> {
  const found = await findToken(scope, tokenId);
  if (found.standard !== "ERC3643") {
    throw invalidRequest("unsupported_standard", `Token '${tokenId}' is an ${found.standard} token; this operation needs a regulated (ERC3643) token.`, "id");
  }
  const token = await deployedToken(scope, tokenId);
  const suite = token.regulated as unknown as SerializedSuite;
  return {
    ...token,
    standard: "ERC3643",
    paused: suite.paused,
    suite: {
      identityRegistry: suite.identity_registry as Address,
      identityRegistryStorage: suite.identity_registry_storage as Address,
      compliance: suite.compliance as Address,
      trustedIssuersRegistry: suite.trusted_issuers_registry as Address,
      claimTopicsRegistry: suite.claim_topics_registry as Address,
    },
  };
}
