"use client";
// The record an action created, followed until its final state (pending → confirmed or failed; a vault
// operation approving → pending → succeeded; a schedule deploying → funding → active; a governance instance
// deploying → configuring → active), then the page's
// figures are read again. Announced politely as it moves.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { StatusBadge } from "@/components/StatusBadge";
import type { Followed, RecordState } from "@/lib/console/follow";
import { followAction } from "../_actions/follow";

const POLL_MS = 1000;
/** Reads that may fail in a row (a node not answering for a moment) before the box says so and stops. */
const MAX_FAILURES = 5;

export function FollowRecord({ kind, id, status, parent, label }: { kind: Followed; id: string; status: string; parent?: string; label: string }) {
  const router = useRouter();
  const [now, setNow] = useState<RecordState>({ id, status, final: false, failure: null, transaction: null });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const answer = await followAction(kind, id, parent).catch(() => null);
      if (stopped) return;
      if (answer?.status === "ok" && answer.result) {
        failures = 0;
        setNow(answer.result);
        if (answer.result.final) return router.refresh(); // balances and tables show the outcome
      } else if (++failures >= MAX_FAILURES) {
        return setProblem(answer?.message ?? "Its state could not be read just now; reload the page to see it.");
      }
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS / 2);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [kind, id, parent, router]);
  const tone = now.status === "failed" ? "danger" : now.final ? "success" : "info";
  const href = kind === "vesting_schedule" ? `/vesting/${id}` : now.transaction ? `/transactions/${now.transaction}` : null;
  return (
    <div className={`notice notice-${tone}`} data-testid="followed" data-status={now.status} aria-live="polite">
      <span>
        {label} {href ? <Link href={href} className="mono">{id}</Link> : <span className="mono">{id}</span>} <StatusBadge status={now.status} />
        {now.final ? null : <span className="muted small"> followed until it is final…</span>}
        {now.failure ? <span style={{ display: "block" }}>{now.failure}</span> : null}
        {problem ? <span style={{ display: "block" }}>{problem}</span> : null}
      </span>
    </div>
  );
}
