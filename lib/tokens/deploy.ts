// The contract-creation calldata of each standard: template bytecode + constructor arguments. The tenant
// wallet is the admin: it receives every role and, for ERC-20s, the initial supply.
import { encodeDeployData, zeroAddress, type Address, type Hex } from "viem";
import type { z } from "zod";
import type { CreateTokenInput } from "@/lib/schemas/tokens";
import { templateOf, votesTemplate, type Features, type Standard } from "@/lib/tokens/standards";

export type CreateToken = z.output<typeof CreateTokenInput>;

export interface DeployPlan {
  standard: Standard;
  decimals: number;
  initialSupply: bigint;
  features: Features;
}

export function deployData(input: CreateToken, plan: DeployPlan, admin: Address): Hex {
  const { standard, decimals, initialSupply, features } = plan;
  if (standard === "ERC3643") throw new Error("ERC3643 tokens are deployed by the T-REX factory (lib/trex/suite/deploy.ts)");
  const template = templateOf(standard);
  // The contracts' TokenFeatures struct: votes is a choice of template, not a flag on chain.
  const flags = { mintable: features.mintable, burnable: features.burnable, pausable: features.pausable };
  if (standard === "ERC20" && features.votes) {
    const votes = votesTemplate();
    return encodeDeployData({
      abi: votes.abi,
      bytecode: votes.bytecode,
      args: [input.name, input.symbol, decimals, initialSupply, admin, flags, input.clock_mode === "timestamp"],
    } as never);
  }
  if (standard === "ERC20" || standard === "ERC20_ALT") {
    return encodeDeployData({
      abi: template.abi,
      bytecode: template.bytecode,
      args: [input.name, input.symbol, decimals, initialSupply, admin, flags],
    } as never);
  }
  return encodeDeployData({
    abi: template.abi,
    bytecode: template.bytecode,
    args: [input.name, input.symbol, input.base_uri ?? "", admin, input.royalty?.receiver ?? zeroAddress, BigInt(input.royalty?.basis_points ?? 0), flags],
  } as never);
}
