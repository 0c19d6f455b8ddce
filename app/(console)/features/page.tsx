import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { listFeatures } from "@/lib/features/service";
import { PageHeader } from "@/components/PageHeader";
import { StatusBadge } from "@/components/StatusBadge";
import { FeatureConfigForm, FeatureToggle } from "../_components/FeatureControls";

export const metadata: Metadata = { title: "Features" };

// The tenant's feature flags in the current mode (test or live: each has its own), with a toggle each and a
// configuration form for the flags that take one (the same lib call as POST /v1/tenant-features/{feature}).
export default async function FeaturesPage() {
  const { scope, livemode } = await requireConsole("/features");
  const { data } = await listFeatures(scope);
  return (
    <>
      <PageHeader
        title="Features"
        subtitle={`Self-service feature flags of your ${livemode ? "live" : "test"} mode: what they gate, whether they are on, and their configuration.`}
      />
      {data.map((f) => {
        const configurable = Object.keys((f.config_schema.properties as object | undefined) ?? {}).length > 0;
        return (
          <section className="card" key={f.feature} data-feature={f.feature}>
            <div className="card-header">
              <h2 className="mono">
                {f.feature} <StatusBadge status={f.enabled ? "enabled" : "disabled"} />
              </h2>
              <FeatureToggle feature={f.feature} enabled={f.enabled} />
            </div>
            <div className="card-body stack" style={{ gap: 8 }}>
              <p>{f.description}</p>
              <p className="small muted">
                Default: {f.default_enabled ? "on" : "off"}
                {f.updated ? ` · changed ${new Date(f.updated * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC` : " · never changed"}
              </p>
              {configurable ? <FeatureConfigForm feature={f.feature} enabled={f.enabled} config={f.config} /> : null}
            </div>
          </section>
        );
      })}
    </>
  );
}
