import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { regulatedChoices } from "@/lib/console/modules";
import { countryOf } from "@/lib/core/countries";
import { listIdentities } from "@/lib/trex/identities/service";
import { listClaims } from "@/lib/trex/identities/claims";
import { listModules } from "@/lib/trex/compliance/service";
import { PageHeader } from "@/components/PageHeader";
import { EmptyState } from "@/components/EmptyState";
import { Pagination } from "@/components/Pagination";
import { AutoRefresh } from "@/components/AutoRefresh";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { Hex } from "@/components/Hex";
import { AddAmountModuleForm, AddClaimForm, AddModuleForm, RegisterIdentityForm, RemoveModuleButton } from "../_components/IdentityForms";
import { formatWithSymbol } from "@/lib/console/amounts";
import { durationOf } from "@/lib/console/time";
import { Card } from "@/components/Card";
import { NeedsTokenCard } from "../_components/NeedsTokenCard";

export const metadata: Metadata = { title: "Identities" };

const KIND_NAMES: Record<string, string> = {
  CountryAllowModule: "Allowed countries",
  CountryRestrictModule: "Blocked countries",
  ExchangeMonthlyLimitsModule: "Exchange monthly limits",
  MaxBalanceModule: "Maximum balance",
  SupplyLimitModule: "Supply limit",
  TimeTransfersLimitsModule: "Transfer limits over time",
  TransferFeesModule: "Transfer fees",
};
const countriesOf = (params: Record<string, unknown>) =>
  Array.isArray(params.countries) ? params.countries.map((n) => countryOf(Number(n)).alpha2 ?? String(n)).join(", ") : null;

/** A module's amounts as created, in its token's units ("1,000.5 BBND", "500 BBND a day"); null for a module without. */
function amountsOf(params: Record<string, unknown>, token: { decimals: number; symbol: string } | undefined) {
  const units = (raw: unknown) => (token ? formatWithSymbol(String(raw), token.decimals, token.symbol) : String(raw));
  if (params.max_balance !== undefined) return `at most ${units(params.max_balance)} per investor`;
  if (params.supply_limit !== undefined) return `supply at most ${units(params.supply_limit)}`;
  const windows = Array.isArray(params.time_transfer_limits) ? (params.time_transfer_limits as { period_sec: number; max_amount: string }[]) : [];
  return windows.length ? windows.map((w) => `${units(w.max_amount)} per ${durationOf(w.period_sec)}`).join(", ") : null;
}

// Investors' ONCHAINIDs registered for regulated (ERC3643) tokens, with the claims made about them, and the
// compliance modules of those tokens (countries, and limits in token units): registered, claimed, added and removed
// from here with the tenant's wallet.
export default async function IdentitiesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope } = await requireConsole("/identities");
  const query = await searchParams;
  const token = param(query.token);
  const startingAfter = param(query.starting_after);
  const [page, tokens, modules] = await Promise.all([
    listIdentities(scope, { limit: 25, starting_after: startingAfter, token_id: token }),
    regulatedChoices(scope),
    listModules(scope, { limit: 50, token_id: token }),
  ]);
  // A token shows by its symbol (an id of a token no longer listed, as it is).
  const tokenName = (id: string) => tokens.find((t) => t.id === id)?.symbol ?? id;
  const rows = await Promise.all(page.data.map(async (identity) => ({ identity, claims: (await listClaims(scope, identity.id, { limit: 20 })).data })));
  // Removed ones stay listed (as removed): the page's own record of what was taken out.
  const live = modules.data.filter((m) => m.on_chain);
  const moving = (status: string) => status === "pending" || status === "removing" || status === "deploying";
  const refreshing = rows.some((r) => moving(r.identity.status) || r.claims.some((c) => moving(c.status))) || live.some((m) => moving(m.status));
  return (
    <>
      <PageHeader title="Identities" subtitle="Investors of your regulated tokens: their ONCHAINID, country and the claims that verify them; and the rules their transfers must pass." />
      <AutoRefresh active={refreshing} intervalMs={1500} />
      <NeedsTokenCard id="register-investor" title="Register an investor" description="Your wallet deploys the investor&apos;s ONCHAINID and adds it to the token&apos;s identity registry." ready={tokens.length > 0} needs="Investors are registered for a regulated (ERC-3643) token">
        <RegisterIdentityForm tokens={tokens} />
      </NeedsTokenCard>
      <Card id="investors" title="Investors">
        {rows.length ? (
          <DataTable
            caption="Identities and their claims"
            rows={rows}
            rowKey={(r) => r.identity.id}
            rowProps={(r) => ({ "data-wallet": r.identity.wallet, "data-status": r.identity.status })}
            columns={[
              { header: "Wallet", cell: (r) => <Hex value={r.identity.wallet} /> },
              { header: "Token", className: "hide-sm", cellClassName: "hide-sm", cell: (r) => <Link href={`/tokens/${r.identity.token}`}>{tokenName(r.identity.token)}</Link> },
              { header: "ONCHAINID", className: "hide-sm", cellClassName: "hide-sm", cell: (r) => (r.identity.identity_address ? <Hex value={r.identity.identity_address} /> : "—") },
              { header: "Country", cell: (r) => r.identity.country.alpha2 ?? r.identity.country.numeric },
              { header: "Status", cell: (r) => <StatusBadge status={r.identity.status} /> },
              {
                header: "Claims",
                cell: (r) => (
                  <div className="stack" style={{ gap: 6 }}>
                    {r.claims.length ? (
                      <ul className="small" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="claims">
                        {r.claims.map((c) => (
                          <li key={c.id} data-topic={c.topic} data-status={c.status}>
                            {c.topic === "1" ? "KYC" : <>topic <span className="mono">{c.topic}</span></>} · {c.signed_by === "platform" ? "signed by your issuer" : "signed elsewhere"} ·{" "}
                            <StatusBadge status={c.status} />
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="muted small">none</span>
                    )}
                    {r.identity.status === "registered" ? <AddClaimForm identityId={r.identity.id} wallet={r.identity.wallet} /> : null}
                  </div>
                ),
              },
            ]}
          />
        ) : (
          <EmptyState icon="◎" title="No identities yet">
            Register an investor above (a regulated token, the wallet and its country); then add the claims that verify it.
          </EmptyState>
        )}
        <Pagination basePath="/identities" params={{ token, starting_after: startingAfter }} hasMore={page.has_more} lastId={page.data.at(-1)?.id} total={page.total} shown={rows.length} />
      </Card>
      <Card id="compliance" title="Compliance modules" description="Rules every transfer of a regulated token must pass, enforced by its compliance contract.">
        {tokens.length ? (
          <div className="card-body stack">
            <h3>Countries</h3>
            <AddModuleForm tokens={tokens} />
            <h3>Limits in amounts</h3>
            <AddAmountModuleForm tokens={tokens} />
          </div>
        ) : null}
        {live.length ? (
          <DataTable
            caption="Compliance modules"
            rows={live}
            rowKey={(m) => m.id}
            rowProps={(m) => ({ "data-module": m.id, "data-status": m.status })}
            columns={[
              {
                header: "Rule",
                cell: (m) => (
                  <>
                    {KIND_NAMES[m.kind] ?? m.kind}
                    {countriesOf(m.params) ? <span className="sub">{countriesOf(m.params)}</span> : null}
                    {amountsOf(m.params, tokens.find((t) => t.id === m.token)) ? (
                      <span className="sub" data-testid="module-amount">
                        {amountsOf(m.params, tokens.find((t) => t.id === m.token))}
                      </span>
                    ) : null}
                  </>
                ),
              },
              { header: "Token", className: "hide-sm", cellClassName: "hide-sm", cell: (m) => (m.token ? <Link href={`/tokens/${m.token}`}>{tokenName(m.token)}</Link> : "—") },
              { header: "Module", className: "hide-sm", cellClassName: "hide-sm", cell: (m) => (m.address ? <Hex value={m.address} /> : "—") },
              {
                header: "Status",
                cell: (m) => (
                  <>
                    <StatusBadge status={m.status} />
                    {m.failure_reason ? <span className="error-text">{m.failure_reason}</span> : null}
                  </>
                ),
              },
              { header: "", cell: (m) => <RemoveModuleButton id={m.id} label={`${KIND_NAMES[m.kind] ?? m.kind} (${m.id})`} removable={m.status === "deployed" && m.bound} /> },
            ]}
          />
        ) : (
          <p className="card-body muted small">No modules: every transfer between verified investors passes.</p>
        )}
      </Card>
    </>
  );
}
