// The rows of module resources (vaults, vesting schedules, multisigs, price feed consumers, VRF consumers,
// governance instances, identities and their claims, the tenant's ClaimIssuer, trusted issuers and claim topics),
// the half of the resource kit that ./resources does not: the lifecycle their chain writes move them through
// (deploying → active | failed with failure_reason, and the resource's events, emitted here and nowhere else),
// and the scoped find and list (the caller's tenant and mode: another scope's id is 404; cursor pagination).
// An area declares its table, its serialiser and each write's move; the SQL and the events are the kit's.
import { getAddress, type Address, type TransactionReceipt } from "viem";
import { notFound } from "@/lib/core/errors";
import type { EventType } from "@/lib/core/event-types";
import { paginate, type ListParams, type Page } from "@/lib/core/pagination";
import type { Scope } from "@/lib/core/scope";
import type { Queryable } from "@/lib/db";
import { networkFor } from "@/lib/chain/network/networks";
import type { EffectContext, EffectEvent, Operation } from "@/lib/chain/registry/kinds";

type Confirmed = EffectContext & { receipt: TransactionReceipt };
type Failed = EffectContext & { reason: string };
/** Column name → value. */
type Columns = Record<string, unknown>;

export interface LifecycleSpec<Row> {
  /** The resource's table, and the columns an update answers (its RETURNING list). */
  table: string;
  columns: string;
  /** The row's id in the chain write's effect (undefined: the write moves no row). */
  id: (effect: Record<string, unknown>) => string | undefined;
  /** The row as its events show it (read through the finalizing transaction's client). */
  serialize?: (row: Row, client: Queryable) => object | Promise<object>;
  /** The status of a row whose deployment confirmed (default 'active'). */
  active?: string;
  /** The event a confirmed deployment emits with the row (none where the spec names none). */
  deployed?: EventType;
}

/** How one kind of chain write moves the row its effect names. */
export interface TransitionSpec<Row> {
  /** The columns the row takes when the write confirms. */
  confirmed?: Columns | ((ctx: Confirmed) => Columns);
  /** Only a row in this status moves on confirmation (else nothing changes and no event goes out). */
  confirmedFrom?: string;
  /** Runs after the confirmed move, before the event (a row it made obsolete, say). */
  after?: (ctx: Confirmed, row: Row) => Promise<void>;
  /** The event the confirmed move emits with the row. */
  event?: EventType;
  /** The columns the row takes when the write fails, from the chain's reason. */
  failed?: (reason: string) => Columns;
  /** Only a row in this status moves on failure (an undo that must not overwrite a later state). */
  failedFrom?: string;
}

/** Why a deployment made no resource (the row fails with it). */
export interface NoResource {
  failure: string;
}

export interface DeploymentSpec<Row> {
  /** The deployed address, or why there is none; null keeps the row's (predicted at creation). Default: the receipt's created contract. */
  address?: (ctx: Confirmed) => Address | null | NoResource;
  /** The row's column for the address (default `address`). */
  column?: string;
  /** What is deployed, in the failure reasons: "<what> created no contract.", "<what> failed: <reason>" (default "The deployment"). */
  what?: string;
  /** The failure_reason of a failed deployment write (default "<what> failed: <reason>"). */
  failureReason?: (reason: string) => string;
  /**
   * What follows once the row has its address (and is active, unless a step): follow-up writes, say; answers
   * further columns of the row (a follow-up write's id, another status). The row is locked by then.
   */
  activate?: (ctx: Confirmed, address: Address | null, row: Row) => Promise<Columns>;
  /**
   * One step of a longer deployment (a timelock before its governor): the status stays unless `activate` sets it,
   * and no event goes out; a later write's transition completes it.
   */
  step?: boolean;
  /** After the row failed (what waited for the resource fails with it). */
  onFailed?: (ctx: Failed) => Promise<void>;
}

const createdContract = (ctx: Confirmed, what: string): Address | NoResource =>
  ctx.receipt.contractAddress ? getAddress(ctx.receipt.contractAddress) : { failure: `${what} created no contract.` };

/** The failed state of a row, with the reason. */
export const failure = (reason: string): Columns => ({ status: "failed", failure_reason: reason });

/** The lifecycle of one kind of resource row (see the file's comment). */
export function resourceLifecycle<Row>(spec: LifecycleSpec<Row>) {
  const active = spec.active ?? "active";

  /** Sets columns (name → value) of the row the write's effect names, only while it is in status `from` when given; answers the row. */
  async function update(ctx: EffectContext, columns: Columns, from?: string): Promise<Row | undefined> {
    const id = spec.id(ctx.tx.effect as Record<string, unknown>);
    if (!id) return undefined;
    const names = Object.keys(columns);
    const { rows } = await ctx.client.query(
      `UPDATE ${spec.table} SET ${[...names.map((name, i) => `${name} = $${i + 2}`), "updated_at = now() AT TIME ZONE 'UTC'"].join(", ")}
       WHERE id = $1${from ? ` AND status = $${names.length + 2}` : ""} RETURNING ${spec.columns}`,
      [id, ...names.map((name) => columns[name]), ...(from ? [from] : [])],
    );
    return rows[0] as Row | undefined;
  }

  const fail = async (ctx: EffectContext, reason: string) => void (await update(ctx, failure(reason)));

  async function emit(ctx: EffectContext, type: EventType | undefined, row: Row | undefined): Promise<EffectEvent[]> {
    if (!row || !type) return [];
    if (!spec.serialize) throw new Error(`resourceLifecycle(${spec.table}): an event without a serialiser`);
    return [{ type, object: await spec.serialize(row, ctx.client) }];
  }

  /** The operation of a write that moves the row (see TransitionSpec). */
  function transition(t: TransitionSpec<Row>): Operation {
    return {
      ...(t.confirmed && {
        async onConfirmed(ctx: Confirmed) {
          const row = await update(ctx, typeof t.confirmed === "function" ? t.confirmed(ctx) : t.confirmed!, t.confirmedFrom);
          if (row && t.after) await t.after(ctx, row);
          return emit(ctx, t.event, row);
        },
      }),
      ...(t.failed && { onFailed: async (ctx: Failed) => void (await update(ctx, t.failed!(ctx.reason), t.failedFrom)) }),
    };
  }

  /** The operation of the resource's deployment write: active (and its event) or failed with the reason. */
  function deployment(d: DeploymentSpec<Row> = {}): Operation {
    const what = d.what ?? "The deployment";
    return {
      async onConfirmed(ctx): Promise<EffectEvent[] | void> {
        const address = d.address ? d.address(ctx) : createdContract(ctx, what);
        if (address !== null && typeof address === "object") return fail(ctx, address.failure);
        let row = await update(ctx, { ...(address && { [d.column ?? "address"]: address }), ...(!d.step && { status: active }) });
        const further = row && d.activate ? await d.activate(ctx, address, row) : {};
        if (Object.keys(further).length) row = await update(ctx, further);
        return d.step ? [] : emit(ctx, spec.deployed, row);
      },
      async onFailed(ctx) {
        await fail(ctx, d.failureReason ? d.failureReason(ctx.reason) : `${what} failed: ${ctx.reason}`);
        await d.onFailed?.(ctx);
      },
    };
  }

  return { update, fail, transition, deployment };
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
