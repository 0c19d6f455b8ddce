// Analytics (spec 4.12): per-tenant figures over a period, with a daily (UTC) series.
import { z } from "zod";
import { apiObject } from "./common";

export const AnalyticsQuery = z.strictObject({
  period: z.enum(["7d", "30d", "90d"]).default("30d").meta({ description: "The last 7, 30 or 90 days (UTC), today included." }),
  livemode: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true")
    .meta({
      description:
        "The mode to report on: `true` for live data, `false` (the default) for test data; the modes are never mixed. " +
        "Events of no mode (auth.*, api_key.*, wallet) count in both; a webhook delivery counts in its endpoint's mode.",
    }),
});

const Counts = z.record(z.string(), z.number().int()).meta({ example: { deployed: 4, deploying: 1 } });
const Rate = z.number().nullable().meta({ description: "Between 0 and 1; null when nothing has finished." });
const Window = {
  period: z.enum(["7d", "30d", "90d"]),
  start: z.string().meta({ description: "First day of the series (UTC date)", example: "2026-10-24" }),
  end: z.string().meta({ description: "Last day of the series: today (UTC)", example: "2026-11-22" }),
};
const Day = z.string().meta({ example: "2026-11-22" });
const Livemode = z.boolean().meta({ description: "The mode the figures describe: live (true) or test (false), as asked with `livemode`." });

export const TokenAnalytics = apiObject("token_analytics", {
  livemode: Livemode,
  ...Window,
  total: z.number().int().meta({ description: "Tokens created in the period." }),
  by_status: Counts,
  by_network: Counts,
  series: z.array(z.object({ date: Day, total: z.number().int(), by_status: Counts, by_network: Counts })),
}).meta({ id: "TokenAnalytics" });

export const TransactionAnalytics = apiObject("transaction_analytics", {
  livemode: Livemode,
  ...Window,
  total: z.number().int().meta({ description: "Transactions created in the period." }),
  by_status: Counts,
  by_kind: Counts,
  success_rate: Rate.meta({ description: "confirmed / (confirmed + failed); null when none finished." }),
  median_confirmation_seconds: z.number().nullable().meta({ description: "Median time from request to confirmation of the confirmed ones." }),
  series: z.array(
    z.object({
      date: Day,
      total: z.number().int(),
      by_status: Counts,
      by_kind: Counts,
      success_rate: Rate,
      median_confirmation_seconds: z.number().nullable(),
    }),
  ),
}).meta({ id: "TransactionAnalytics" });

export const WebhookAnalytics = apiObject("webhook_analytics", {
  livemode: Livemode,
  ...Window,
  total: z.number().int().meta({ description: "Deliveries created in the period." }),
  by_status: Counts,
  success_rate: Rate.meta({ description: "succeeded / (succeeded + failed); null when none finished." }),
  p95_latency_ms: z.number().nullable().meta({ description: "95th percentile of the last attempt's response time." }),
  series: z.array(z.object({ date: Day, total: z.number().int(), by_status: Counts, success_rate: Rate, p95_latency_ms: z.number().nullable() })),
}).meta({ id: "WebhookAnalytics" });

export const AnalyticsOverview = apiObject("analytics_overview", {
  livemode: Livemode,
  ...Window,
  tokens: z.object({
    total: z.number().int().meta({ description: "All tokens of the tenant in this mode." }),
    deployed: z.number().int().meta({ description: "All tokens of this mode in status deployed." }),
    created: z.number().int().meta({ description: "Tokens created in the period." }),
  }),
  transactions: z.object({ total: z.number().int(), confirmed: z.number().int(), failed: z.number().int(), success_rate: Rate, median_confirmation_seconds: z.number().nullable() }),
  webhooks: z.object({
    enabled_endpoints: z.number().int(),
    deliveries: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    retrying: z.number().int().meta({ description: "Deliveries pending after a failed attempt (being retried). Addition to the spec." }),
    success_rate: Rate.meta({ description: "succeeded / (succeeded + failed + retrying); null when none of these." }),
    p95_latency_ms: z.number().nullable(),
  }),
  events: z.object({ total: z.number().int().meta({ description: "Events emitted in the period: those of this mode and those of no mode." }) }),
}).meta({ id: "AnalyticsOverview" });
