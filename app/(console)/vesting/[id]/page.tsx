import type { Metadata } from "next";
import Link from "next/link";
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
        subtitle={`Vesting schedule on ${network.name}${network.local ? " (local chain)" : ""}`}
        refreshing={moving}
      />
      {moving ? (
        <Notice tone="info" busy>
          {schedule.status === "deploying" ? "Deploying the vesting wallet" : "Funding the vesting wallet from yours"}: this page updates by itself.
        </Notice>
      ) : schedule.status === "failed" ? (
        <Notice tone="danger" role="alert">
          <strong>{schedule.address ? "The funding failed." : "The deployment failed."}</strong> {schedule.failure_reason ?? "No reason was recorded."}
        </Notice>
      ) : null}

      {chain ? (
        <Card id="vesting-figures" title="Vested so far" description={<>Read on chain{figures ? <> at <Time seconds={figures.timestamp} /> (the chain&apos;s clock)</> : null}.</>}>
          {figures ? (
            <>
              <dl className="details">
                <dt>Total allocation</dt>
                <dd data-testid="vesting-total">{units(figures.total_allocation)}</dd>
                <dt>Vested</dt>
                <dd data-testid="vesting-vested">{units(figures.vested)}</dd>
                <dt>Released</dt>
                <dd data-testid="vesting-released">{units(figures.released)}</dd>
                <dt>Releasable now</dt>
                <dd data-testid="vesting-releasable">{units(figures.releasable)}</dd>
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

      <Card id="vesting-details" title="Schedule">
        <dl className="details">
          <dt>Id</dt>
          <dd className="mono">{schedule.id}</dd>
          <dt>Token</dt>
          <dd>
            {schedule.token ? (
              <Link href={`/tokens/${schedule.token}`} className="mono">
                {display?.symbol ?? schedule.token}
              </Link>
            ) : null}{" "}
            <Hex value={schedule.token_address} href={explorerUrl(schedule.network, "address", schedule.token_address)} copy />
          </dd>
          <dt>Beneficiary</dt>
          <dd data-testid="vesting-beneficiary">
            <Hex value={schedule.beneficiary} href={explorerUrl(schedule.network, "address", schedule.beneficiary)} copy full />
          </dd>
          <dt>Vesting wallet</dt>
          <dd data-testid="vesting-address">
            {schedule.address ? <Hex value={schedule.address} href={explorerUrl(schedule.network, "address", schedule.address)} copy full /> : <span className="muted">Assigned once deployed</span>}
          </dd>
          <dt>Starts</dt>
          <dd>
            <Time seconds={schedule.start} />
          </dd>
          <dt>Cliff ends</dt>
          <dd>
            <Time seconds={schedule.cliff} />
          </dd>
          <dt>Fully vested</dt>
          <dd>
            <Time seconds={schedule.end} />
          </dd>
          <dt>Transactions</dt>
          <dd className="stack" style={{ gap: 4 }}>
            <span>
              Deployment <Link href={`/transactions/${schedule.deploy_transaction}`} className="mono">{schedule.deploy_transaction}</Link>
            </span>
            {schedule.fund_transaction ? (
              <span>
                Funding <Link href={`/transactions/${schedule.fund_transaction}`} className="mono">{schedule.fund_transaction}</Link>
              </span>
            ) : null}
          </dd>
          <dt>Created</dt>
          <dd>
            <Time seconds={schedule.created} />
          </dd>
        </dl>
      </Card>
    </>
  );
}
