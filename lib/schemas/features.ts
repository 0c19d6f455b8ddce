// Tenant feature flags (platform 4.9). The flag names and their config schemas come from lib/schemas/feature-flags.ts.
import { z } from "zod";
import { writeBody, listOf } from "./common";
import { FEATURE_NAMES } from "@/lib/schemas/feature-flags";

export const FeatureParam = z.strictObject({
  feature: z.string().min(1).max(64).meta({
    description: `The flag: one of ${FEATURE_NAMES.map((n) => `\`${n}\``).join(", ")}. Another name answers 404.`,
    example: "connect_mode",
  }),
});

export const SetFeatureInput = writeBody({
  enabled: z.boolean(),
  config: z.record(z.string(), z.unknown()).optional().meta({
    description: "The flag's configuration, validated by its `config_schema` (GET /v1/tenant-features; 400 naming the field). Replaces the stored configuration; omitted, it stays.",
  }),
}).meta({ id: "SetTenantFeatureInput" });

export const TenantFeature = z.object({
  object: z.literal("tenant_feature"),
  feature: z.string().meta({ example: "connect_mode" }),
  description: z.string(),
  enabled: z.boolean().meta({ description: "The state for this tenant in the API key's mode (test and live keys each set their own)." }),
  default_enabled: z.boolean().meta({ description: "The state of a tenant that never set the flag." }),
  config: z.record(z.string(), z.unknown()).meta({ description: "The current configuration, defaults filled in." }),
  config_schema: z.record(z.string(), z.unknown()).meta({ description: "JSON schema of `config`." }),
  livemode: z.boolean(),
  updated: z.number().int().nullable().meta({ description: "Unix seconds of the tenant's last change of the flag in this mode; null while it has its default." }),
}).meta({ id: "TenantFeature" });

export const TenantFeatureList = listOf(TenantFeature, "TenantFeatureList");
