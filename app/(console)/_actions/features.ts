"use server";
import "@/lib/composition"; // the domains registered with the layers below (chain writes, quotas) before any action
import { revalidatePath } from "next/cache";
import { invalidRequest } from "@/lib/core/errors";
import { setFeature } from "@/lib/features/service";
import { perform } from "@/lib/console/actions";

export async function setFeatureEnabledAction(feature: string, enabled: boolean) {
  const state = await perform((c) => setFeature(c.scope, feature, { enabled }));
  if (state.status === "ok") revalidatePath("/features");
  return state;
}

/** The config form: a JSON object validated by the flag's schema, as POST /v1/tenant-features/{feature} does. */
export async function setFeatureConfigAction(feature: string, enabled: boolean, formData: FormData) {
  const state = await perform((c) => {
    let config: unknown;
    try {
      config = JSON.parse(String(formData.get("config") ?? "{}"));
    } catch {
      throw invalidRequest("parameter_invalid", "Invalid config: not JSON.", "config");
    }
    if (!config || typeof config !== "object" || Array.isArray(config)) throw invalidRequest("parameter_invalid", "Invalid config: a JSON object.", "config");
    return setFeature(c.scope, feature, { enabled, config: config as Record<string, unknown> });
  });
  if (state.status === "ok") revalidatePath("/features");
  return state;
}
