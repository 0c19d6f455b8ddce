// The README's plans table says what lib/billing/plans.ts says.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { PLANS } from "@/lib/billing/plans";

const money = (cents: number | null) => (cents === null ? "contact sales" : `$${cents / 100}`);
const coin = (units: string | null) => (units === null ? "contact sales" : String(Number(units) / 1e6));
const count = (n: number | null) => (n === null ? "unlimited" : n.toLocaleString("en-US"));

it("the README's plans table matches the plans table", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  for (const plan of Object.values(PLANS)) {
    const l = plan.limits;
    const row = `| ${plan.id} | ${money(plan.price_usd_cents)} | ${coin(plan.price_stablecoin)} | ${count(l.api_calls_per_month)} | ${count(l.chain_writes_per_month)} | ${count(l.deployed_contracts)} | ${count(l.webhook_endpoints)} | ${count(l.rate_limit_per_minute)} |`;
    expect(readme).toContain(row);
  }
});
