// Tokens: creation (a deploy transaction through the one chain-write path), listing and retrieval.
import { db, type Prisma } from "@/lib/db";
import type { Token } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/core/ids";
import { invalidRequest } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import { networkFor } from "@/lib/chain/network/networks";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import { writeOnce, type ChainWrite } from "@/lib/chain/intake";
import { suiteDeployment } from "@/lib/trex/suite/deploy";
import type { ListParams } from "@/lib/schemas/common";
import { deployData, type CreateToken, type DeployPlan } from "./deploy";
import { findToken, TOKEN_COLUMNS } from "@/lib/tokens/lookup";
import { type Scope } from "@/lib/core/scope";
import { serializeToken } from "./serialize";
import { familyOf } from "@/lib/tokens/standards";

export { serializeToken };

/** Defaults and cross-field rules of the create body that depend on the standard. */
function plan(input: CreateToken): DeployPlan {
  if (input.features.votes && input.standard !== "ERC20") throw invalidRequest("parameter_invalid", "Invalid features.votes: only ERC20 tokens have the votes template", "features");
  if (input.clock_mode !== undefined && !input.features.votes) throw invalidRequest("parameter_invalid", "Invalid clock_mode: only with features.votes", "clock_mode");
  if (input.standard === "ERC3643") return regulatedPlan(input);
  const fungible = familyOf(input.standard) === "ERC20";
  if (fungible) {
    if (input.base_uri !== undefined) throw invalidRequest("parameter_invalid", "Invalid base_uri: only ERC721 and ERC1155 tokens have URIs", "base_uri");
    if (input.royalty !== undefined) throw invalidRequest("parameter_invalid", "Invalid royalty: only ERC721 and ERC1155 tokens have royalties", "royalty");
    return { standard: input.standard, decimals: input.decimals ?? 18, initialSupply: BigInt(input.initial_supply ?? "0"), features: input.features };
  }
  if (input.decimals !== undefined && input.decimals !== 0) {
    throw invalidRequest("parameter_invalid", `Invalid decimals: ${input.standard} tokens have no decimals (omit it or send 0)`, "decimals");
  }
  if (input.initial_supply !== undefined && input.initial_supply !== "0") {
    throw invalidRequest("parameter_invalid", `Invalid initial_supply: ${input.standard} tokens start empty; mint NFTs with POST /v1/tokens/{id}/mint`, "initial_supply");
  }
  return { standard: input.standard, decimals: 0, initialSupply: 0n, features: input.features };
}

/** T-REX tokens start empty (only verified identities can receive a mint) and are mintable, burnable and pausable by their agent. */
function regulatedPlan(input: CreateToken): DeployPlan {
  for (const field of ["base_uri", "royalty"] as const) {
    if (input[field] !== undefined) throw invalidRequest("parameter_invalid", `Invalid ${field}: ERC3643 tokens have none`, field);
  }
  if (input.initial_supply !== undefined && input.initial_supply !== "0") {
    throw invalidRequest("parameter_invalid", "Invalid initial_supply: ERC3643 tokens start empty; mint to a verified identity with POST /v1/tokens/{id}/mint", "initial_supply");
  }
  if (input.decimals !== undefined && input.decimals > 18) throw invalidRequest("parameter_invalid", "Invalid decimals: ERC3643 tokens have 0 to 18 decimals", "decimals");
  return { standard: "ERC3643", decimals: input.decimals ?? 18, initialSupply: 0n, features: { mintable: true, burnable: true, pausable: true, votes: false } };
}

const insertTokenSql = `INSERT INTO tokens (id, tenant_id, livemode, name, symbol, standard, network, decimals, initial_supply, features, deploy_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING ${TOKEN_COLUMNS}`;

export async function createToken(scope: Scope, input: CreateToken) {
  const network = networkFor(input.network, scope.livemode);
  const deploy = plan(input);
  return writeOnce({
    // The admin of what it deploys: the custodial wallet, or the smart account in connect mode.
    check: async () => (await actingFor(scope, network.name)).address,
    async record(tx, wallet) {
      const { idempotency_key: _, ...request } = input;
      const id = newId("tok");
      const common = { tenantId: scope.tenantId, livemode: scope.livemode, network: network.name, tokenId: id, request };
      // An ERC3643 suite is one deployTREXSuite call of the platform's factory, salted with the token id.
      const deployment: ChainWrite =
        input.standard === "ERC3643"
          ? { ...common, kind: "token.deploy_suite", signer: "platform", effect: { owner: wallet },
              ...suiteDeployment({ tokenId: id, network: network.name, owner: wallet, name: input.name, symbol: input.symbol, decimals: deploy.decimals }) }
          : { ...common, kind: "token.deploy", data: deployData(input, deploy, wallet) };
      // The token and its deployment's record commit together (raw, as the chain path writes transactions).
      const write = await tx.record(deployment);
      const { rows } = await tx.client.query(insertTokenSql, [
        id, scope.tenantId, scope.livemode, input.name, input.symbol, input.standard, network.name, deploy.decimals,
        deploy.initialSupply.toString(), JSON.stringify(deploy.features), write.id,
      ]);
      return serializeToken(rows[0] as Token);
    },
    find: async ([write]) => serializeToken(await findToken(scope, write.tokenId!)),
  });
}

export interface TokenFilters {
  status?: string;
  network?: string;
  standard?: string;
}

export function listTokens(scope: Scope, params: ListParams & TokenFilters) {
  const where: Prisma.TokenWhereInput = { tenantId: scope.tenantId, livemode: scope.livemode };
  if (params.status) where.status = params.status;
  if (params.network) where.network = networkFor(params.network, scope.livemode).name; // an unknown name is a 400, as in a POST
  if (params.standard) where.standard = params.standard;
  return paginate(db.token, where, params, serializeToken);
}

export const getToken = async (scope: Scope, id: string) => serializeToken(await findToken(scope, id));
