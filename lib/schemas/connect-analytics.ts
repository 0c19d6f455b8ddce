// Connect analytics (spec onchain-modules 4.1): the tenant's smart accounts and their activity, in the mode
// of the API key (test keys see test records, live keys live ones), over a period of UTC days.
import { z } from "zod";
import { apiObject } from "./common";

const Period = z.enum(["7d", "30d", "90d"]);

export const ConnectAnalyticsQuery = z.strictObject({
  period: Period.default("30d").meta({ description: "The last 7, 30 or 90 days (UTC), today included." }),
});

const Counts = z.record(z.string(), z.number().int()).meta({ example: { confirmed: 12, pending: 1 } });
const Window = {
  livemode: z.boolean().meta({ description: "The mode the figures describe: the API key's (test or live); the modes are never mixed." }),
  period: Period,
  start: z.string().meta({ description: "First day of the period (UTC date)", example: "2026-10-24" }),
  end: z.string().meta({ description: "Last day of the period: today (UTC)", example: "2026-11-22" }),
};
const Int = (description: string) => z.number().int().meta({ description });

export const ConnectAnalyticsOverview = apiObject("connect_analytics_overview", {
  ...Window,
  accounts: z.object({
    total: Int("Smart accounts registered (all time)."),
    created: Int("Registered in the period."),
    by_chain: Counts.meta({ description: "All accounts by chain_id." }),
  }),
  relay_operations: z.object({
    total: Int("User operations recorded (all time): relayed, or built and awaiting a signature."),
    created: Int("Recorded in the period."),
    by_status: Counts.meta({ description: "All operations by status: awaiting_sign, pending, confirmed, failed, cancelled." }),
    sponsored: Int("Operations that carry a paymaster (all time)."),
    success_rate: z.number().nullable().meta({ description: "confirmed / (confirmed + failed), between 0 and 1; null when none finished." }),
    gas_cost_wei: z.string().meta({ description: "Sum of the actual gas cost of the included operations, in wei (decimal string)." }),
  }),
  session_keys: z.object({
    total: Int("Session keys registered (all time)."),
    valid: Int("Neither revoked nor past their expiry."),
    revoked: Int("Revoked."),
    expired: Int("Not revoked, past their expiry."),
  }),
  recovery: z.object({
    configured_accounts: Int("Accounts with guardians and a threshold configured."),
    requests: Int("Recovery requests (all time)."),
    requests_by_status: Counts.meta({ description: "Recovery requests by status: pending, executed, cancelled." }),
  }),
  passkeys: z.object({
    total: Int("Passkeys (WebAuthn credentials) stored."),
    accounts: Int("Accounts with at least one passkey."),
  }),
  oauth_links: z.object({
    total: Int("Identity-provider links."),
    by_provider: Counts,
  }),
  paymasters: z.object({
    total: Int("Paymasters registered."),
    active: Int("Not deactivated."),
  }),
}).meta({ id: "ConnectAnalyticsOverview" });

export const ConnectAnalyticsTimeseries = apiObject("connect_analytics_timeseries", {
  ...Window,
  accounts_created: Int("Accounts registered in the period."),
  relay_operations: Int("User operations recorded in the period."),
  series: z
    .array(
      z.object({
        date: z.string().meta({ example: "2026-11-22" }),
        accounts_created: z.number().int(),
        relay_operations: z.number().int(),
        relay_by_status: Counts.meta({ description: "Operations recorded that day, by their current status." }),
      }),
    )
    .meta({ description: "One entry per UTC day of the period, oldest first, zero-filled." }),
}).meta({ id: "ConnectAnalyticsTimeseries" });
