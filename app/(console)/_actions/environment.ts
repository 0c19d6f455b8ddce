"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { ENVIRONMENT_COOKIE, parseEnvironment } from "@/lib/console/environment";
import { cookieOptions } from "@/lib/http/security";

/** The test/live switch: a cookie for a year; every console page reads it. */
export async function setEnvironment(environment: string) {
  (await cookies()).set(ENVIRONMENT_COOKIE, parseEnvironment(environment), cookieOptions({ path: "/", maxAge: 365 * 24 * 3600 }));
  revalidatePath("/", "layout");
}
