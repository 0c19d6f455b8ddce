// A transaction's timeline on its console page: each signature sent (fees, when, what replaced it, its
// block and confirmations, the decoded revert), and for a user operation what the bundler answered.
import { formatGwei } from "viem";
import type { TimelineEntry } from "@/lib/chain/records/timeline";
import { explorerUrl } from "@/lib/console/explorer";
import { Hex } from "@/components/Hex";
import { Time } from "@/components/Time";
import { Card } from "@/components/Card";

type Attempt = Extract<TimelineEntry, { type: "attempt" }>;
type Operation = Extract<TimelineEntry, { type: "user_operation" }>;

const BADGE: Record<string, string> = { mined: "badge-success", confirmed: "badge-success", reverted: "badge-danger", failed: "badge-danger", dropped: "badge-danger", replaced: "badge-warning" };
const gwei = (wei: string | null) => (wei === null ? "—" : `${formatGwei(BigInt(wei))} gwei`);

function AttemptItem({ a, network, n }: { a: Attempt; network: string; n: number }) {
  return (
    <li className="card" style={{ padding: "12px 16px" }} data-testid="timeline-attempt" data-status={a.status}>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <strong>
          {a.kind === "cancel" ? "Cancel no-op" : n === 0 ? "Signed" : "Replacement"} #{n + 1}
        </strong>
        <span className={`badge ${BADGE[a.status] ?? "badge-info"}`}>{a.status}</span>
      </div>
      <dl className="details small">
        <dt>Hash</dt>
        <dd>
          <Hex value={a.hash} href={explorerUrl(network, "tx", a.hash)} copy />
        </dd>
        <dt>Nonce</dt>
        <dd>{a.nonce}</dd>
        <dt>Fees</dt>
        <dd>
          max {gwei(a.max_fee_per_gas)}, tip {gwei(a.max_priority_fee_per_gas)}
          {a.gas_limit ? <span className="muted"> · gas limit {a.gas_limit}</span> : null}
        </dd>
        <dt>Sent</dt>
        <dd>
          <Time seconds={a.sent_at} empty="not yet" />
        </dd>
        {a.replaced_by ? (
          <>
            <dt>Replaced by</dt>
            <dd data-testid="replaced-by">
              <Hex value={a.replaced_by} href={explorerUrl(network, "tx", a.replaced_by)} />
            </dd>
          </>
        ) : null}
        {a.block_number !== null ? (
          <>
            <dt>Block</dt>
            <dd>
              {a.block_number} <span className="muted">· {a.confirmations ?? "?"} confirmations · gas {a.gas_used} at {gwei(a.effective_gas_price)}</span>
            </dd>
          </>
        ) : null}
        {a.reorged_from_block !== null ? (
          <>
            <dt>Reorganised</dt>
            <dd>removed from block {a.reorged_from_block}</dd>
          </>
        ) : null}
        {a.revert_reason ? (
          <>
            <dt>Revert reason</dt>
            <dd className="break" data-testid="revert-reason">
              {a.revert_reason}
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

function OperationItem({ o, network }: { o: Operation; network: string }) {
  return (
    <li className="card" style={{ padding: "12px 16px" }} data-testid="timeline-user-operation">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <strong>User operation</strong>
        <span className={`badge ${BADGE[o.status] ?? "badge-info"}`}>{o.status.replace(/_/g, " ")}</span>
      </div>
      <dl className="details small">
        <dt>User operation hash</dt>
        <dd>
          <Hex value={o.user_op_hash} copy />
        </dd>
        <dt>Created</dt>
        <dd>
          <Time seconds={o.created_at} />
        </dd>
        <dt>Sent to the bundler</dt>
        <dd>
          <Time seconds={o.submitted_at} empty="not yet" />
        </dd>
        {o.transaction_hash ? (
          <>
            <dt>Bundle transaction</dt>
            <dd>
              <Hex value={o.transaction_hash} href={explorerUrl(network, "tx", o.transaction_hash)} />{" "}
              <span className="muted">
                · block {o.block_number ?? "?"} · {o.confirmations ?? "?"} confirmations{o.actual_gas_cost ? ` · cost ${o.actual_gas_cost} wei` : ""}
              </span>
            </dd>
          </>
        ) : null}
        {o.failure_reason ? (
          <>
            <dt>Bundler&apos;s answer</dt>
            <dd className="break">{o.failure_reason}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

export function TransactionTimeline({ timeline, network }: { timeline: TimelineEntry[]; network: string }) {
  let attempts = 0;
  return (
    <Card id="tx-timeline" title="Timeline" description="Every signature sent for it; a fee bump replaces the one before at the same nonce." data-testid="timeline">
      <div className="card-body">
        {timeline.length ? (
          <ol className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {timeline.map((entry) =>
              entry.type === "attempt" ? (
                <AttemptItem key={entry.hash} a={entry} network={network} n={attempts++} />
              ) : (
                <OperationItem key={entry.user_op_hash} o={entry} network={network} />
              ),
            )}
          </ol>
        ) : (
          <p className="muted">Not signed yet.</p>
        )}
      </div>
    </Card>
  );
}
