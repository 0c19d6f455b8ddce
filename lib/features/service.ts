// Tenant feature flags per tenant and mode (platform 4.9). requireFeature() is what domains call before gated
// behaviour: one primary-key read, 403 `feature_disabled` naming the flag when it is off.
import { z } from "zod";
import { hotQuery } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { parseOrThrow } from "@/lib/schemas/validation";
import { unixSeconds } from "@/lib/core/ids";
import { audit } from "@/lib/observability/audit";
import type { Scope } from "@/lib/core/scope";
import { FEATURE_NAMES, FLAGS, isFeatureName, type FeatureConfig, type FeatureName } from "@/lib/schemas/feature-flags";

interface Row {
  feature: string;
  enabled: boolean;
  config: unknown;
  updated_at: Date;
}

export const featureDisabled = (name: FeatureName, livemode: boolean) =>
  new ApiError(
    403,
    "permission_error",
    "feature_disabled",
    `The feature '${name}' is disabled for this account in ${livemode ? "live" : "test"} mode. Enable it with POST /v1/tenant-features/${name} {"enabled": true} (or on the console's features page).`,
  );

/** The flag's configuration as its schema reads it (defaults filled); a stored value the schema no longer accepts reads as the defaults. */
function configOf<F extends FeatureName>(name: F, stored: unknown): FeatureConfig<F> {
  const schema = FLAGS[name].config;
  const parsed = schema.safeParse(stored ?? {});
  return (parsed.success ? parsed.data : schema.parse({})) as FeatureConfig<F>;
}

const readSql = `SELECT feature, enabled, config, updated_at FROM tenant_features WHERE tenant_id = $1 AND livemode = $2 AND feature = $3`;

/** The flag's state for the tenant and mode: its row, else its default. */
export async function featureState<F extends FeatureName>(scope: Scope, name: F): Promise<{ enabled: boolean; config: FeatureConfig<F> }> {
  const { rows } = await hotQuery<Row>("read_tenant_feature", readSql, [scope.tenantId, scope.livemode, name]);
  const row = rows[0];
  return { enabled: row ? row.enabled : FLAGS[name].default, config: configOf(name, row?.config) };
}

/** 403 `feature_disabled` unless the flag is on for the tenant and mode; answers its configuration. */
export async function requireFeature<F extends FeatureName>(scope: Scope, name: F): Promise<FeatureConfig<F>> {
  const state = await featureState(scope, name);
  if (!state.enabled) throw featureDisabled(name, scope.livemode);
  return state.config;
}

// JSON schemas are computed once: the table is static.
const configSchemas = new Map<FeatureName, unknown>();
function configSchema(name: FeatureName) {
  let schema = configSchemas.get(name);
  if (!schema) {
    const { $schema: _, ...rest } = z.toJSONSchema(FLAGS[name].config, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    configSchemas.set(name, (schema = rest));
  }
  return schema;
}

function serialize(scope: Scope, name: FeatureName, row: Row | undefined) {
  return {
    object: "tenant_feature" as const,
    feature: name,
    description: FLAGS[name].description,
    enabled: row ? row.enabled : FLAGS[name].default,
    default_enabled: FLAGS[name].default,
    config: configOf(name, row?.config) as Record<string, unknown>,
    config_schema: configSchema(name) as Record<string, unknown>,
    livemode: scope.livemode,
    updated: row ? unixSeconds(row.updated_at) : null,
  };
}

export type TenantFeatureRecord = ReturnType<typeof serialize>;

/** GET /v1/tenant-features: every flag of the table with the tenant's state in this mode. */
export async function listFeatures(scope: Scope) {
  const { rows } = await hotQuery<Row>(
    "list_tenant_features",
    `SELECT feature, enabled, config, updated_at FROM tenant_features WHERE tenant_id = $1 AND livemode = $2`,
    [scope.tenantId, scope.livemode],
  );
  const byName = new Map(rows.map((r) => [r.feature, r]));
  const data = FEATURE_NAMES.map((name) => serialize(scope, name, byName.get(name)));
  return { object: "list" as const, data, has_more: false, total: data.length };
}

export interface SetFeatureInput {
  enabled: boolean;
  config?: Record<string, unknown>;
}

/**
 * POST (and the legacy PUT) /v1/tenant-features/{feature}. `config`, when sent, is validated by the flag's
 * schema and replaces the stored one (400 naming the field, nothing changes); omitted, the stored one stays.
 * `created` is true when this is the tenant's first write of the flag in this mode.
 */
export async function setFeature(scope: Scope, name: string, input: SetFeatureInput) {
  if (!isFeatureName(name)) {
    throw new ApiError(404, "invalid_request_error", "resource_missing", `No such feature: '${name}' (the flags are ${FEATURE_NAMES.join(", ")})`, "feature");
  }
  const config = input.config === undefined ? null : parseOrThrow(z.strictObject({ config: FLAGS[name].config }), { config: input.config }, "body").config;
  const { rows } = await hotQuery<Row>(
    "set_tenant_feature",
    `INSERT INTO tenant_features (tenant_id, livemode, feature, enabled, config)
     VALUES ($1, $2, $3, $4, COALESCE($5::jsonb, '{}'::jsonb))
     ON CONFLICT (tenant_id, livemode, feature) DO UPDATE
       SET enabled = EXCLUDED.enabled, config = COALESCE($5::jsonb, tenant_features.config), updated_at = now()
     RETURNING feature, enabled, config, updated_at`,
    [scope.tenantId, scope.livemode, name, input.enabled, config === null ? null : JSON.stringify(config)],
  );
  await audit(scope.tenantId, "feature.updated", { target: name, detail: { enabled: input.enabled, config_changed: config !== null, livemode: scope.livemode } });
  return serialize(scope, name, rows[0]);
}
