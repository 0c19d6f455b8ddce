// The common part of the console's server actions: the signed-in context, the form's API schema, and
// errors reported as form state. The work itself is always a lib function.
import type { z } from "zod";
import { errorState, foldItemErrors, runForm, type FormState } from "./forms";
import { FORMS, formBody, type FormKind } from "./form-specs";
import { actionContext, type ConsoleContext } from "./session";

type Input<K extends FormKind> = z.output<(typeof FORMS)[K]["schema"]>;

/** A submitted form: validated with its API schema, then `fn` runs for the signed-in tenant. */
export async function submitForm<K extends FormKind, R>(
  kind: K,
  formData: FormData,
  fn: (context: ConsoleContext, input: Input<K>) => Promise<R>,
): Promise<FormState<R>> {
  let context: ConsoleContext;
  try {
    context = await actionContext();
  } catch (error) {
    return errorState(error);
  }
  const body = formBody(kind, formData.entries());
  const state = await runForm(FORMS[kind].schema, body, (input) => fn(context, input as Input<K>));
  return state.fields ? { ...state, fields: foldItemErrors(state.fields, FORMS[kind].fields, body) } : state;
}

/** An action without a form (revoke, delete, retry…): `fn` runs for the signed-in tenant. */
export async function perform<R>(fn: (context: ConsoleContext) => Promise<R>): Promise<FormState<R>> {
  try {
    return { status: "ok", result: await fn(await actionContext()) };
  } catch (error) {
    return errorState(error);
  }
}
