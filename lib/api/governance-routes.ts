// The route handlers of /v1/governance/{id}/…: most of the 45 endpoints are a read of the table in ./reads
// or a write answered with its transaction, so each route file is one line calling one of these.
import type { z } from "zod";
import { api } from "@/lib/api/handler";
import type { ApiTag } from "@/lib/api/tags";
import { IdParam } from "@/lib/schemas/common";
import { GovernanceRead, ProposalParams, SetterInputs } from "@/lib/schemas/governance";
import { Transaction } from "@/lib/schemas/transactions";
import type { Scope } from "@/lib/core/scope";
import { governanceOnly } from "@/lib/governance/proposals";
import { governanceRead, proposalRead, type GovernanceReadName, type ProposalReadName } from "@/lib/governance/reads";

const tags: ApiTag[] = ["governance"];
const NOT_FOUND = { 404: "No such governance instance" };
type Obj = z.ZodType<Record<string, unknown>>;

/** GET /v1/governance/{id}/<name>: one read of the governor, its token or its timelock. */
export const readRoute = (name: GovernanceReadName, summary: string, query?: Obj) =>
  api({ auth: "api_key", summary, params: IdParam, query, response: GovernanceRead, errors: NOT_FOUND, tags }, ({ scope, params, query }) =>
    governanceRead(scope, params.id, name, query ?? {}));

/** POST /v1/governance/{id}/timelock/hash_operation(_batch): a pure computation, answered 200. */
export const hashRoute = (name: "hash_operation" | "hash_operation_batch", summary: string, body: Obj) =>
  api({ auth: "api_key", summary, params: IdParam, body, response: GovernanceRead, errors: NOT_FOUND, tags }, ({ scope, params, body }) =>
    governanceRead(scope, params.id, name, body));

/** GET /v1/governance/{id}/proposals/{proposalId}/<name>. */
export const proposalReadRoute = (name: ProposalReadName, summary: string, query?: Obj) =>
  api({ auth: "api_key", summary, params: ProposalParams, query, response: GovernanceRead, errors: { 404: "No such governance instance or proposal" }, tags }, ({ scope, params, query }) =>
    proposalRead(scope, params.id, params.proposalId, name, query ?? {}));

/** POST /v1/governance/{id}/…: a write of the acting account, answered with its transaction (201). */
export const writeRoute = <B extends Obj>(summary: string, body: B, run: (scope: Scope, id: string, body: z.output<B>) => Promise<unknown>) =>
  api({ auth: "api_key", summary, params: IdParam, body, response: Transaction, status: 201, errors: NOT_FOUND, tags }, ({ scope, params, body }) =>
    run(scope, params.id, body as z.output<B>));

/** POST /v1/governance/{id}/proposals/{proposalId}/…: a write on one proposal, answered with its transaction (201). */
export const proposalWriteRoute = <B extends Obj>(summary: string, body: B, run: (scope: Scope, id: string, proposalId: string, body: z.output<B>) => Promise<unknown>) =>
  api({ auth: "api_key", summary, params: ProposalParams, body, response: Transaction, status: 201, errors: { 404: "No such governance instance or proposal" }, tags }, ({ scope, params, body }) =>
    run(scope, params.id, params.proposalId, body as z.output<B>));

/** POST of an onlyGovernance setter (or relay): always 400 `governance_only`, with the proposal that carries the call. */
export const governanceOnlyRoute = (setter: keyof typeof SetterInputs, summary: string) =>
  api(
    {
      auth: "api_key", summary: `${summary} — onlyGovernance: answers 400 governance_only with a ready proposal`, params: IdParam, body: SetterInputs[setter], response: Transaction,
      status: 201, errors: { 400: "governance_only: only the timelock may call it; `error.proposal` holds targets, values and calldatas to propose", ...NOT_FOUND }, tags,
    },
    ({ scope, params, body }) => governanceOnly(scope, params.id, setter, body as Record<string, unknown>),
  );
