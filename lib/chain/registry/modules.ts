// What one area plugs into the layers below, declared in one place (lib/<area>/module.ts): its kinds of chain
// write and their effects, its submitters, who sends for a tenant, the base contracts the local chain installs
// for it, its Inngest functions and the log events they consume, and the checks it adds to intake.
// lib/composition gathers the descriptors into one platform object (./modules' buildPlatform), derives the
// kind type from their operations and registers them; lib/chain imports no area.
import type { InngestFunction } from "inngest";
import type { BaseContracts } from "@/lib/chain/registry/base-contracts";
import type { Operation } from "@/lib/chain/registry/kinds";
import type { SenderResolver, Submitter } from "@/lib/chain/registry/senders";
import type { IntakeGuard } from "@/lib/chain/intake/record";

export type Operations = Record<string, Operation>;

export interface Module<O extends Operations = Operations, S extends string = string> {
  name: string;
  /** The area's kinds of chain write, each with its effect when the transaction ends. */
  operations?: O;
  /** Submitters other than the built-in EOA, by name (ERC-4337 user operations, …). */
  submitters?: { [K in S]: Submitter };
  /** Who sends a tenant's writes (one module gives it). */
  senders?: SenderResolver;
  /** Installed by the local chain at every start, in the order of the modules, then of this list. */
  baseContracts?: readonly BaseContracts[];
  /** The area's Inngest functions, served and run with the infrastructure's own. */
  functions?: readonly InngestFunction.Any[];
  /**
   * The contract events (by name) whose `chain/log` events the area's functions consume. They filter on the
   * name, so two areas consuming one name would each see the other's logs: the platform refuses that.
   */
  logEvents?: readonly string[];
  guards?: {
    /** Checked before a request's chain write is recorded (lib/chain/intake/record admitChainWrite). */
    chainWrite?: IntakeGuard;
    /** Checked before a tenant's webhook endpoint is created (lib/webhooks/endpoints). */
    webhookEndpoints?: (tenantId: string) => Promise<void>;
  };
}

/** Types an area's descriptor, keeping the names of its operations and submitters for the kind types. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export const defineModule = <const O extends Operations = {}, const S extends string = never>(module: Module<O, S>): Module<O, S> => module;

/** The kinds of chain write of a list of modules, for `OperationKinds`. */
export type KindsOfModules<M extends readonly Module<Operations, string>[]> = {
  [K in { [I in keyof M]: M[I] extends Module<infer O, string> ? keyof O & string : never }[number]]: true;
};

/** The submitter names of a list of modules, for `SubmitterKinds`. */
export type SubmittersOfModules<M extends readonly Module<Operations, string>[]> = {
  [K in { [I in keyof M]: M[I] extends Module<Operations, infer S> ? S : never }[number]]: true;
};

export interface Platform {
  modules: readonly Module[];
  operations: Operations;
  submitters: Record<string, Submitter>;
  senders?: SenderResolver;
  baseContracts: readonly BaseContracts[];
  functions: readonly InngestFunction.Any[];
  intakeGuards: readonly IntakeGuard[];
  webhookEndpointQuota?: (tenantId: string) => Promise<void>;
}

/** One platform from the modules; a kind, submitter, base contract, function or log event claimed twice is a programming error. */
export function buildPlatform(modules: readonly Module<Operations, string>[]): Platform {
  const owners = new Map<string, string>();
  const claim = (module: Module<Operations, string>, what: string, names: Iterable<string>) => {
    for (const name of names) {
      const owner = owners.get(`${what}:${name}`);
      if (owner) throw new Error(`lib/chain: the ${what} '${name}' is declared by both the ${owner} and the ${module.name} modules`);
      owners.set(`${what}:${name}`, module.name);
    }
  };
  for (const m of modules) {
    claim(m, "module", [m.name]);
    claim(m, "kind", Object.keys(m.operations ?? {}));
    claim(m, "submitter", Object.keys(m.submitters ?? {}));
    claim(m, "sender resolver", m.senders ? ["senders"] : []);
    claim(m, "base contracts", (m.baseContracts ?? []).map((b) => b.name));
    claim(m, "function", (m.functions ?? []).map((f) => f.id()));
    claim(m, "log event", m.logEvents ?? []);
    claim(m, "guard", m.guards?.webhookEndpoints ? ["webhook endpoints"] : []);
  }
  return {
    modules,
    operations: Object.assign({}, ...modules.map((m) => m.operations ?? {})),
    submitters: Object.assign({}, ...modules.map((m) => m.submitters ?? {})),
    senders: modules.find((m) => m.senders)?.senders,
    baseContracts: modules.flatMap((m) => m.baseContracts ?? []),
    functions: modules.flatMap((m) => m.functions ?? []),
    intakeGuards: modules.flatMap((m) => (m.guards?.chainWrite ? [m.guards.chainWrite] : [])),
    webhookEndpointQuota: modules.find((m) => m.guards?.webhookEndpoints)?.guards?.webhookEndpoints,
  };
}
