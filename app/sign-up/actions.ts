"use server";
import { headers } from "next/headers";
import { register } from "@/lib/auth/service";
import { RegisterInput } from "@/lib/schemas/auth";
import { errorState, runForm, type FormState } from "@/lib/console/forms";
import { formBody } from "@/lib/console/form-specs";
import { takeAuthSlot } from "@/lib/console/rate-limit";

/** POST /auth/register from the console: the same schema, the same per-IP limit, the same lib function. */
export async function signUpAction(formData: FormData): Promise<FormState<{ email: string }>> {
  try {
    await takeAuthSlot(await headers());
  } catch (error) {
    return errorState(error);
  }
  return runForm(RegisterInput, formBody("register", formData.entries()), async (input) => {
    await register(input);
    return { email: input.email };
  });
}
