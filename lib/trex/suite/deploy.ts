// An ERC3643 token is a T-REX suite (token, identity registry and its storage, compliance, trusted issuers
// and claim topics registries) made by the platform's TREXFactory in one call. Only the factory owner may
// call it, so the platform signer sends it; the tenant wallet is the suite's owner, the token's agent and
// the identity registry's agent. Once it confirms (./effects) the tenant wallet unpauses the token and the
// platform hands the identity registry storage (left owned by the factory) to the tenant wallet.
import { encodeFunctionData, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { trexBase } from "@/lib/trex/suite/base";

export interface SuiteInput {
  tokenId: string;
  network: string;
  owner: Address;
  name: string;
  symbol: string;
  decimals: number;
}

export function suiteDeployment(input: SuiteInput): { to: Address; data: Hex } {
  const base = trexBase(input.network);
  const data = encodeFunctionData({
    abi: artifact("TREXFactory").abi,
    functionName: "deployTREXSuite",
    args: [
      input.tokenId, // the salt: unique per factory, and readable in TREXSuiteDeployed
      {
        owner: input.owner,
        name: input.name,
        symbol: input.symbol,
        decimals: input.decimals,
        irs: "0x0000000000000000000000000000000000000000",
        ONCHAINID: "0x0000000000000000000000000000000000000000", // the factory makes the token's identity
        irAgents: [input.owner],
        tokenAgents: [input.owner],
        complianceModules: [],
        complianceSettings: [],
      },
      { claimTopics: [], issuers: [], issuerClaims: [] },
    ],
  });
  return { to: base.trexFactory, data };
}
