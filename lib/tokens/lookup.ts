// A token of the caller's scope (lib/core/scope): found, deployed, and fit for an operation. Another
// scope's token answers 404, exactly like an unknown id.
import { hotQuery } from "@/lib/db";
import { selectList } from "@/lib/db/columns";
import { invalidRequest, notDeployed, notFound } from "@/lib/core/errors";
import type { Token } from "@/lib/generated/prisma/client";
import type { Address } from "viem";
import { familyOf, type Family, type Feature, type Features, type Standard } from "@/lib/tokens/standards";
import type { Scope } from "@/lib/core/scope";

export const TOKEN_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "name", "symbol", "standard", "network", "status", "decimals", "initialSupply", "features", "address", "deployTxId", "failureReason", "regulated"],
  ["createdAt", "updatedAt"],
);

// Every token operation starts here, so it queries the pool directly (see lib/db/columns.ts).
const findTokenSql = `SELECT ${TOKEN_COLUMNS} FROM tokens WHERE id = $1 AND tenant_id = $2 AND livemode = $3`;

export async function findToken(scope: Scope, id: string): Promise<Token> {
  const { rows } = await hotQuery("find_token", findTokenSql, [id, scope.tenantId, scope.livemode]);
  if (!rows.length) throw notFound("token", id);
  return rows[0] as Token;
}

// A deployed token's contract, standard and features never change, so the write path keeps such rows a while
// instead of reading one per write (a burst of mints to one token then costs no token reads). Not kept: a
// regulated (T-REX) token, whose suite state changes with its controls, and a row not yet deployed. A local
// chain's restart fails its tokens (lib/chain/local/reset) only before the app starts.
const DEPLOYED_TTL_MS = 60_000;
const deployedRows = new Map<string, { at: number; token: Token }>();

/** findToken for a write: a deployed, unregulated token may come from this process's recent reads. */
export async function findTokenToWrite(scope: Scope, id: string): Promise<Token> {
  const key = `${scope.tenantId}:${scope.livemode}:${id}`;
  const kept = deployedRows.get(key);
  if (kept && Date.now() - kept.at < DEPLOYED_TTL_MS) return kept.token;
  const token = await findToken(scope, id);
  if (token.status === "deployed" && token.address && token.regulated === null) {
    if (deployedRows.size > 10_000) deployedRows.clear();
    deployedRows.set(key, { at: Date.now(), token });
  }
  return token;
}

export type DeployedToken = Token & { address: Address; standard: Standard };

export const featuresOf = (token: Token) => token.features as unknown as Features;

/** The token, deployed: its contract exists, so reads and writes can go to it. */
export async function deployedToken(scope: Scope, id: string): Promise<DeployedToken> {
  return assertDeployed(await findToken(scope, id));
}

/** 400 unless the token's contract exists. */
export function assertDeployed(token: Token): DeployedToken {
  if (token.status !== "deployed" || !token.address) throw notDeployed("token_not_deployed", "Token", token);
  return token as DeployedToken;
}

const FAMILY_LABEL: Record<Family, string> = { ERC20: "ERC-20", ERC721: "ERC-721", ERC1155: "ERC-1155" };

export function requireStandard(token: Token, allowed: readonly Standard[], operation: string) {
  if (!allowed.includes(token.standard as Standard)) {
    throw invalidRequest(
      "operation_not_supported",
      `${operation} is not supported by ${token.standard} tokens (only ${allowed.join(", ")}).`,
      "id",
    );
  }
}

export function requireFeature(token: Token, feature: Feature, operation: string) {
  if (!featuresOf(token)[feature]) {
    throw invalidRequest("feature_disabled", `${operation} needs a ${feature} token; '${token.id}' was created with ${feature}: false.`, "id");
  }
}

/** Fields a body must and must not carry for the token's standard (400 naming the field). */
export function requireFields(token: Token, body: Record<string, unknown>, rules: Partial<Record<Family, { required?: string[]; forbidden?: string[] }>>) {
  const family = familyOf(token.standard as Standard);
  const rule = rules[family] ?? {};
  for (const field of rule.required ?? []) {
    if (body[field] === undefined) {
      throw invalidRequest("parameter_missing", `Missing required parameter: ${field} (required for ${FAMILY_LABEL[family]} tokens)`, field);
    }
  }
  for (const field of rule.forbidden ?? []) {
    if (body[field] !== undefined) {
      throw invalidRequest("parameter_invalid", `Invalid ${field}: not used by ${FAMILY_LABEL[family]} tokens`, field);
    }
  }
}
