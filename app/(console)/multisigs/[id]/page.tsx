import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { orNotFound } from "@/lib/console/pages";
import { explorerUrl, networkLabel } from "@/lib/console/explorer";
import { multisigOverview } from "@/lib/multisig/overview";
import { StatusBadge } from "@/components/StatusBadge";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { Hex } from "@/components/Hex";
import { formatWithSymbol } from "@/lib/console/amounts";
import { NATIVE_DECIMALS } from "@/lib/console/form-specs";
import { ExecuteMultisigButton } from "../../_components/ExecuteMultisigButton";
import { ConfirmMultisigButton } from "../../_components/ConfirmMultisigButton";
import { ProposeMultisigForm } from "../../_components/ProposeMultisigForm";
import { SignMultisigButton } from "../../_components/SignMultisigButton";
import { WalletProvider } from "@/app/(connect)/WalletProvider";
import { Card } from "@/components/Card";
import { RecordHeader } from "@/components/RecordHeader";
import { DetailsCard, Field, Missing, NetworkName } from "../../_components/Detail";

export const metadata: Metadata = { title: "Multisig" };

export default async function MultisigPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requireConsole(`/multisigs/${id}`);
  const m = await orNotFound(multisigOverview(scope, id));
  const network = networkLabel(m.network);
  const moving = m.status === "deploying" || m.pending.some((tx) => tx.status === "executing");
  const chain = m.on_chain;
  const coins = (wei: string | null) => (wei === null ? "—" : formatWithSymbol(wei, NATIVE_DECIMALS, m.native));
  const actingOwns = chain !== null && chain.owners.includes(m.acting ?? "");
  // The owners' browser wallets sign on the Safe's chain (wagmi, the injected wallet).
  return (
    <WalletProvider chainId={m.chain_id}>
      <RecordHeader
        list={{ href: "/multisigs", label: "Multisigs" }}
        title={m.name}
        status={m.status}
        id={m.id}
        refreshing={moving}
      />
      {m.failure_reason ? (
        <div className="notice notice-danger" role="alert">
          <span aria-hidden="true">✕</span>
          <span>{m.failure_reason}</span>
        </div>
      ) : null}
      <DetailsCard id="safe-details" title="Safe">
        <Field label="Address" data-testid="safe-address">
          <Hex value={m.address} href={explorerUrl(m.network, "address", m.address)} copy full />
        </Field>
        <Field label="Network">
          <NetworkName network={network} />
        </Field>
        <Field label="Balance" data-testid="safe-balance">{coins(m.balance)}</Field>
        <Field label="Threshold" data-testid="threshold">{chain ? `${chain.threshold} of ${chain.owners.length}` : `${m.threshold} of ${m.owners.length}`}</Field>
        <Field label="Nonce">{chain ? chain.nonce : <Missing />}</Field>
        <Field label="Version">{chain ? chain.version : <Missing />}</Field>
      </DetailsCard>
      <Card id="safe-owners" title="Owners" actions={<span className="muted small">{chain ? "read on chain" : "as requested"}</span>}>
        <ul className="card-body stack plain-list" data-testid="owners">
          {(chain?.owners ?? m.owners).map((owner) => (
            <li key={owner}>
              <Hex value={owner} full />
              {owner === m.acting ? <span className="muted small"> (your acting account)</span> : null}
            </li>
          ))}
        </ul>
      </Card>
      {chain ? (
        <Card id="safe-propose" title="Propose a transaction" description={<>Sends {m.native} or calls a contract from the Safe once enough owners approve it.</>} padded>
          <ProposeMultisigForm id={m.id} native={m.native} />
        </Card>
      ) : null}
      <Card id="safe-pending" title="Pending transactions" description="Approve with your acting account, or have an owner sign with their own browser wallet; once enough have, execute.">
        <DataTable
          caption="Pending Safe transactions"
          rows={m.pending}
          rowKey={(tx) => tx.id}
          columns={[
            { header: "#", cell: (tx) => <span className="mono">{tx.tx_index}</span> },
            {
              header: "Call",
              cell: (tx) => (
                <>
                  <span className="mono">{tx.kind}</span> to <Hex value={tx.to} />
                  <span className="sub">
                    Nonce {tx.nonce} · <span data-testid={`value-${tx.tx_index}`}>{coins(tx.value)}</span>
                  </span>
                </>
              ),
            },
            {
              header: "Confirmations",
              cell: (tx) => (
                <span data-testid={`confirmations-${tx.tx_index}`}>
                  {tx.confirmations.length} of {chain?.threshold ?? m.threshold}
                  {tx.confirmations.map((o) => (
                    <span key={o} className="sub">
                      <Hex value={o} />
                      {tx.wallet_signed.includes(o) ? <span className="muted small"> (wallet signature)</span> : null}
                    </span>
                  ))}
                </span>
              ),
            },
            {
              header: "",
              cell: (tx) =>
                tx.status === "executing" ? (
                  <StatusBadge status="pending" label="Executing" />
                ) : (
                  <span className="stack" style={{ gap: 6 }}>
                    {actingOwns ? <ConfirmMultisigButton id={m.id} txIndex={tx.tx_index} approved={tx.acting_approved} /> : null}
                    {chain ? <SignMultisigButton id={m.id} txIndex={tx.tx_index} /> : null}
                    {tx.executable ? (
                      <ExecuteMultisigButton id={m.id} txIndex={tx.tx_index} />
                    ) : (
                      <span className="muted small">Awaiting approvals</span>
                    )}
                  </span>
                ),
            },
          ]}
          empty={
            <EmptyState icon="✓" title="Nothing pending">
              Propose a transaction above; owners approve it, and once enough have, you execute it here.
            </EmptyState>
          }
        />
      </Card>
    </WalletProvider>
  );
}
