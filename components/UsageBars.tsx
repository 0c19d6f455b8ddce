// The plan's limits and what is used of them: one bar per limit, from the plan table (lib/billing/plans) as
// GET /v1/billing/usage reports it, amber from 80 % and red at 100 %. The billing page and the dashboard show it.
import Link from "next/link";
import type { BillingUsage } from "@/lib/api/console-calls";
import type { Plan } from "@/lib/billing/plans";
import { usageLevel } from "@/lib/console/usage";

const METERS: { key: string; label: string; limit: keyof Plan["limits"] }[] = [
  { key: "api_calls", label: "API calls this period", limit: "api_calls_per_month" },
  { key: "chain_writes", label: "Chain writes this period", limit: "chain_writes_per_month" },
  { key: "deployed_contracts", label: "Deployed contracts", limit: "deployed_contracts" },
  { key: "webhook_endpoints", label: "Webhook endpoints (both modes)", limit: "webhook_endpoints" },
];

const LEVEL_TEXT = { ok: "", warning: " — nearly used up", full: " — limit reached" } as const;
const figure = (value: number | null) => (value === null ? "unlimited" : value.toLocaleString("en-US"));

export function UsageBars({ usage, plan, upgradeLink = false }: { usage: BillingUsage | null; plan: Plan; upgradeLink?: boolean }) {
  if (!usage) return <p className="small muted">Usage figures are not available right now.</p>;
  const meters = METERS.flatMap((meter) => {
    const used = usage.usage[meter.key];
    if (!used) return [];
    const cap = used.limit ?? plan.limits[meter.limit];
    return [{ ...meter, used: used.used, cap, level: usageLevel(used.used, cap) }];
  });
  const pressed = meters.some((m) => m.level !== "ok");
  return (
    <div className="stack" aria-label="Usage">
      {meters.map((m) => (
        <div key={m.key} data-usage={m.key} data-level={m.level}>
          <div className="row small" style={{ justifyContent: "space-between" }}>
            <span>{m.label}</span>
            <span className={m.level === "ok" ? undefined : `usage-text-${m.level}`}>
              {m.used.toLocaleString("en-US")} / {figure(m.cap)}
              {LEVEL_TEXT[m.level]}
            </span>
          </div>
          <div
            className={`usage-bar usage-${m.level}`}
            role="meter"
            aria-valuemin={0}
            aria-valuemax={m.cap ?? m.used}
            aria-valuenow={m.used}
            aria-label={`${m.label}: ${m.used} of ${figure(m.cap)}`}
          >
            <span style={{ width: `${m.cap ? Math.min(100, (m.used / m.cap) * 100) : 0}%` }} />
          </div>
        </div>
      ))}
      {pressed && upgradeLink ? (
        <p className="small">
          A limit is nearly or fully used: <Link href="/billing">upgrade your plan</Link> to raise it.
        </p>
      ) : null}
    </div>
  );
}
