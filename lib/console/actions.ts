// The common part of the console's server actions: the signed-in context, the member's role, the form's API
// schema, and errors reported as form state. The work itself is always a lib function, run as the member (the
// audit log names them). Each action says the least role it needs (lib/core/roles): a form by its spec
// (lib/console/form-specs, `developer` unless it says otherwise), an action without a form by `perform`'s argument.
import type { z } from "zod";
import type { Role } from "@/lib/core/roles";
import { actingAs } from "@/lib/core/actor";
import { findToken } from "@/lib/tokens/lookup";
import { vaultDecimals } from "@/lib/vaults/service";
import type { Scope } from "@/lib/core/scope";
import { errorState, foldItemErrors, runForm, unitErrors, type FormState } from "./forms";
import { FORMS, derivedValues, errorsByInput, formBody, formRole, unitDecimals, unitsSource, type FormKind } from "./form-specs";
import { actionContext, consoleActor, type ConsoleContext } from "./session";

type Input<K extends FormKind> = z.output<(typeof FORMS)[K]["schema"]>;

/** The decimals of the token or vault whose amounts the form types in units (read here, never taken from the browser). */
export async function formDecimals(scope: Scope, kind: FormKind, values: FormData): Promise<number | undefined> {
  const source = unitsSource(kind, values);
  if (!source) return undefined;
  if ("token" in source) return (await findToken(scope, source.token)).decimals;
  const decimals = await vaultDecimals(scope, source.vault);
  return source.unit === "assets" ? decimals.assets : decimals.shares;
}

/** A submitted form: validated with its API schema, then `fn` runs for the signed-in tenant, for a member with the form's role. */
export async function submitForm<K extends FormKind, R>(
  kind: K,
  submitted: FormData,
  fn: (context: ConsoleContext, input: Input<K>) => Promise<R>,
): Promise<FormState<R>> {
  let context: ConsoleContext;
  let looked: number | undefined;
  const { values, errors: derived } = derivedValues(kind, submitted);
  try {
    context = await actionContext(formRole(kind));
    looked = await formDecimals(context.scope, kind, values);
  } catch (error) {
    return errorState(error);
  }
  const decimals = unitDecimals(kind, values, looked);
  const invalid = { ...unitErrors(values.entries(), FORMS[kind].fields, decimals), ...derived };
  const body = formBody(kind, values.entries(), decimals);
  if (Object.keys(invalid).length) return { status: "error", message: Object.values(invalid)[0], fields: invalid };
  const actor = await consoleActor(context);
  const state = await runForm(FORMS[kind].schema, body, (input) => actingAs(actor, () => fn(context, input as Input<K>)));
  return state.fields ? { ...state, fields: errorsByInput(kind, foldItemErrors(state.fields, FORMS[kind].fields, body)) } : state;
}

/** An action without a form (revoke, delete, retry…): `fn` runs for the signed-in tenant, for a member with at least `minimum`. */
export async function perform<R>(fn: (context: ConsoleContext) => Promise<R>, minimum: Role = "developer"): Promise<FormState<R>> {
  try {
    const context = await actionContext(minimum);
    const actor = await consoleActor(context);
    return { status: "ok", result: await actingAs(actor, () => fn(context)) };
  } catch (error) {
    return errorState(error);
  }
}
