// A regulated (ERC3643) token: its investors read on chain, with freeze and unfreeze, a forced transfer,
// and its compliance modules with their parameters.
import type { regulatedOverview } from "@/lib/console/regulated";
import { formatAmount } from "@/lib/console/amounts";
import { DataTable } from "@/components/DataTable";
import { Hex } from "@/components/Hex";
import { StatusBadge } from "@/components/StatusBadge";
import { EmptyState } from "@/components/EmptyState";
import { FreezeButton, ForceTransferForm } from "./RegulatedActions";
import { Card } from "@/components/Card";
import { Notice } from "@/components/Notice";

type Overview = Awaited<ReturnType<typeof regulatedOverview>>;

export function RegulatedPanel({ token, overview }: { token: { id: string; symbol: string; decimals: number }; overview: { ok: true; value: Overview } | { ok: false; message: string } }) {
  if (!overview.ok) {
    return (
      <Card id="investors" title="Investors">
        <div className="card-body">
          <Notice tone="danger" role="alert">
            {overview.message}
          </Notice>
        </div>
      </Card>
    );
  }
  const { investors, modules } = overview.value;
  const amount = (raw: string) => `${formatAmount(raw, token.decimals)} ${token.symbol}`;
  return (
    <>
      <Card id="investors" title="Investors" description="Identities registered for this token (POST /v1/identities), read on chain.">
        {investors.length ? <DataTable
          caption="Investors of the token"
          rows={investors}
          rowKey={(i) => i.identity.id}
          rowProps={(i) => ({ "data-wallet": i.identity.wallet })}
          columns={[
            { header: "Wallet", cell: (i) => <Hex value={i.identity.wallet} /> },
            { header: "Identity", className: "hide-sm", cellClassName: "hide-sm", cell: (i) => (i.identity.identity_address ? <Hex value={i.identity.identity_address} /> : <StatusBadge status={i.identity.status} />) },
            { header: "Country", cell: (i) => i.identity.country.alpha2 ?? i.identity.country.numeric },
            { header: "Verified", cell: (i) => <span data-testid="verified">{i.verified ? "yes" : "no"}</span> },
            { header: "Balance", cellClassName: "mono", cell: (i) => amount(i.balance) },
            { header: "Frozen", cellClassName: "mono", cell: (i) => (i.walletFrozen ? <span data-testid="frozen">wallet frozen</span> : amount(i.frozenTokens)) },
            { header: "", cell: (i) => <FreezeButton tokenId={token.id} address={i.identity.wallet} frozen={i.walletFrozen} /> },
          ]}
        /> : <EmptyState title="No investors yet">Register an investor&apos;s identity with POST /v1/identities.</EmptyState>}
        <div className="card-body" style={{ borderTop: "1px solid var(--border)" }}>
          <ForceTransferForm tokenId={token.id} symbol={token.symbol} />
        </div>
      </Card>
      <Card id="modules" title="Compliance modules" description="Every transfer and mint must pass each bound module (POST /v1/compliance/modules).">
        {modules.length ? <DataTable
          caption="Compliance modules of the token"
          rows={modules}
          rowKey={(m) => m.id}
          columns={[
            { header: "Module", cell: (m) => m.kind },
            { header: "Status", cell: (m) => <StatusBadge status={m.status} /> },
            { header: "Bound", cell: (m) => (m.bound ? "yes" : "no") },
            { header: "Parameters", cellClassName: "mono small", cell: (m) => (Object.keys(m.params).length ? JSON.stringify(m.params) : "—") },
            { header: "Address", className: "hide-sm", cellClassName: "hide-sm", cell: (m) => (m.address ? <Hex value={m.address} /> : "—") },
          ]}
        /> : <EmptyState title="No compliance modules">Only identity verification applies to transfers.</EmptyState>}
      </Card>
    </>
  );
}
