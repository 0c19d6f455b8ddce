import type { Metadata } from "next";
import { requireConsole } from "@/lib/console/session";
import { orNotFound, settle } from "@/lib/console/pages";
import { explorerUrl, networkLabel } from "@/lib/console/explorer";
import { formatWithSymbol } from "@/lib/console/amounts";
import { erc20Display } from "@/lib/console/modules";
import { getVesting, vestingOnChain } from "@/lib/vesting/service";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";
import { ReleaseVesting } from "../../_components/ReleaseVesting";
import { Card } from "@/components/Card";
import { RecordHeader } from "@/components/RecordHeader";
import { Notice } from "@/components/Notice";
import { DeployedAddress, DetailsCard, FailedNotice, Field, TimeField, TokenRef, TxLink, onNetwork } from "../../_components/Detail";

export const metadata: Metadata = { title: "Vesting schedule" };

export default async function VestingSchedulePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requireConsole(`/vesting/${id}`);
  const schedule = await orNotFound(getVesting(scope, id));
  const [display, chain] = await Promise.all([erc20Display(scope, schedule), schedule.address ? settle(vestingOnChain(scope, id)) : Promise.resolve(null)]);
  const units = (raw: string | null) => (raw === null ? "—" : display ? formatWithSymbol(raw, display.decimals, display.symbol) : `${raw} base units`);
  const network = networkLabel(schedule.network);
  const moving = schedule.status === "deploying" || schedule.status === "funding";
  const figures = chain?.ok ? chain.value : null;
  return (
    <>
      <RecordHeader
        list={{ href: "/vesting", label: "Vesting" }}
        title={
          <>
            {units(schedule.amount ?? figures?.total_allocation ?? null)} <span className="muted">vesting</span>
          </>
        }
        status={schedule.status}
        subtitle={onNetwork("Vesting schedule", network)}
        refreshing={moving}
      />
      {moving ? (
        <Notice tone="info" busy>
          {schedule.status === "deploying" ? "Deploying the vesting wallet" : "Funding the vesting wallet from yours"}: this page updates by itself.
        </Notice>
      ) : schedule.status === "failed" ? (
        <FailedNotice title={schedule.address ? "The funding failed." : "The deployment failed."} reason={schedule.failure_reason} />
      ) : null}

      {chain ? (
        <Card id="vesting-figures" title="Vested so far" description={<>Read on chain{figures ? <> at <Time seconds={figures.timestamp} /> (the chain&apos;s clock)</> : null}.</>}>
          {figures ? (
            <>
              <dl className="details">
                <Field label="Total allocation" data-testid="vesting-total">{units(figures.total_allocation)}</Field>
                <Field label="Vested" data-testid="vesting-vested">{units(figures.vested)}</Field>
                <Field label="Released" data-testid="vesting-released">{units(figures.released)}</Field>
                <Field label="Releasable now" data-testid="vesting-releasable">{units(figures.releasable)}</Field>
              </dl>
              <div className="card-body">
                <ReleaseVesting
                  id={schedule.id}
                  releasable={BigInt(figures.releasable) > 0n ? units(figures.releasable) : null}
                  nothing={
                    figures.timestamp < figures.cliff ? (
                      <>
                        Nothing is releasable before the cliff ends (<Time seconds={figures.cliff} />, on the chain&apos;s clock).
                      </>
                    ) : BigInt(figures.total_allocation) === 0n ? (
                      "The vesting wallet holds none of the token yet."
                    ) : (
                      "Everything vested so far has been released."
                    )
                  }
                />
              </div>
            </>
          ) : (
            <div className="card-body muted">{chain.ok ? null : chain.message}</div>
          )}
        </Card>
      ) : null}

      <DetailsCard id="vesting-details" title="Schedule" recordId={schedule.id}>
        <Field label="Token">
          <TokenRef network={schedule.network} token={schedule.token} address={schedule.token_address} name={display?.symbol ?? schedule.token} />
        </Field>
        <Field label="Beneficiary" data-testid="vesting-beneficiary">
          <Hex value={schedule.beneficiary} href={explorerUrl(schedule.network, "address", schedule.beneficiary)} copy full />
        </Field>
        <Field label="Vesting wallet" data-testid="vesting-address">
          <DeployedAddress network={schedule.network} address={schedule.address} />
        </Field>
        <TimeField label="Starts" seconds={schedule.start} />
        <TimeField label="Cliff ends" seconds={schedule.cliff} />
        <TimeField label="Fully vested" seconds={schedule.end} />
        <Field label="Transactions" className="stack" style={{ gap: 4 }}>
          <span>
            Deployment <TxLink id={schedule.deploy_transaction} />
          </span>
          {schedule.fund_transaction ? (
            <span>
              Funding <TxLink id={schedule.fund_transaction} />
            </span>
          ) : null}
        </Field>
        <TimeField label="Created" seconds={schedule.created} />
      </DetailsCard>
    </>
  );
}
