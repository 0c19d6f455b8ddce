// The rows of module resources (vaults, vesting schedules, multisigs, price feed consumers, VRF consumers…), the
// half of the resource kit that ./resources does not: the deployment lifecycle they share (deploying → active |
// failed with failure_reason, and the resource's `*.deployed` event, emitted here and nowhere else), and the
// scoped find and list (the caller's tenant and mode: another scope's id is 404; cursor pagination).
import { getAddress, type Address, type TransactionReceipt } from "viem";
import { notFound } from "@/lib/core/errors";
import type { EventType } from "@/lib/core/event-types";
import { paginate, type ListParams, type Page } from "@/lib/core/pagination";
import type { Scope } from "@/lib/core/scope";
import { networkFor } from "@/lib/chain/network/networks";
import type { EffectContext, EffectEvent, Operation } from "@/lib/chain/registry/kinds";

type Confirmed = EffectContext & { receipt: TransactionReceipt };

export interface LifecycleSpec<Row> {
  /** The resource's table, and the columns an update answers (its RETURNING list). */
  table: string;
  columns: string;
  /** The row's id in the chain write's effect. */
  id: (effect: Record<string, unknown>) => string;
  /** The event a confirmed deployment emits with the row (none where the spec names none). */
  deployed?: { type: EventType; object: (row: Row) => object };
}

/** Why a deployment made no resource (the row fails with it). */
export interface NoResource {
  failure: string;
}

export interface DeploymentSpec {
  /** The deployed address, or why there is none; null keeps the row's (predicted at creation). Default: the receipt's created contract. */
  address?: (ctx: Confirmed) => Address | null | NoResource;
  /** Further columns of the row when the deployment confirmed (status 'active' unless given), e.g. a follow-up write's id. */
  activate?: (ctx: Confirmed, address: Address | null) => Promise<Record<string, unknown>>;
}

const createdContract = (ctx: Confirmed): Address | NoResource =>
  ctx.receipt.contractAddress ? getAddress(ctx.receipt.contractAddress) : { failure: "The deployment created no contract." };

/** The lifecycle of one kind of resource row (see the file's comment). */
export function resourceLifecycle<Row>(spec: LifecycleSpec<Row>) {
  /** Sets columns (name → value) of the row the write's effect names; answers the row. */
  async function update(ctx: EffectContext, columns: Record<string, unknown>): Promise<Row | undefined> {
    const names = Object.keys(columns);
    const { rows } = await ctx.client.query(
      `UPDATE ${spec.table} SET ${names.map((name, i) => `${name} = $${i + 2}`).join(", ")}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${spec.columns}`,
      [spec.id(ctx.tx.effect as Record<string, unknown>), ...names.map((name) => columns[name])],
    );
    return rows[0] as Row | undefined;
  }

  const fail = async (ctx: EffectContext, reason: string) => void (await update(ctx, { status: "failed", failure_reason: reason }));

  /** The operation of the resource's deployment write: active (and its event) or failed with the reason. */
  function deployment(d: DeploymentSpec = {}): Operation {
    return {
      async onConfirmed(ctx): Promise<EffectEvent[] | void> {
        const address = d.address ? d.address(ctx) : createdContract(ctx);
        if (address !== null && typeof address === "object") return fail(ctx, address.failure);
        const row = await update(ctx, { ...(address && { address }), status: "active", ...(await d.activate?.(ctx, address)) });
        return row && spec.deployed ? [{ type: spec.deployed.type, object: spec.deployed.object(row) }] : [];
      },
      onFailed: (ctx) => fail(ctx, `The deployment failed: ${ctx.reason}`),
    };
  }

  return { update, fail, deployment };
}

/** A Prisma model's reads that a scoped find and list need. */
interface ScopedModel<R> {
  findFirst(args: { where: object }): Promise<R | null>;
  findMany(args: { where: object; orderBy: { id: "desc" }; take: number }): Promise<R[]>;
  count(args: { where: object }): Promise<number>;
}

/** The row of this id in the caller's tenant and mode; 404 naming `name` otherwise (another scope's id too). */
export async function findScoped<R>(model: Pick<ScopedModel<R>, "findFirst">, scope: Scope, id: string, name: string): Promise<R> {
  const row = await model.findFirst({ where: { id, tenantId: scope.tenantId, livemode: scope.livemode } });
  if (!row) throw notFound(name, id);
  return row;
}

/** The caller's rows, newest first, a page at a time; `status` and `network` filters when given (an unknown network is a 400, as in a POST). */
export function listScoped<R extends { id: string }, T>(
  model: Pick<ScopedModel<R>, "findMany" | "count">,
  scope: Scope,
  params: ListParams & { status?: string; network?: string },
  serialize: (row: R) => T,
  filters: object = {},
): Promise<Page<T>> {
  const where = {
    tenantId: scope.tenantId, livemode: scope.livemode, ...filters,
    ...(params.status && { status: params.status }),
    ...(params.network && { network: networkFor(params.network, scope.livemode).name }),
  };
  return paginate(model, where, params, serialize);
}
