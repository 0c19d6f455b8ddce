"use client";
// Release what has vested to the beneficiary; the transaction is then followed until it is final. It stays in
// place when nothing is left to release (the page reads that again once the release confirms), saying why.
import { useState, type ReactNode } from "react";
import { ActionButton } from "@/components/ActionButton";
import { releaseVestingAction } from "../_actions/vesting";
import { FollowRecord } from "./FollowRecord";

export function ReleaseVesting({ id, releasable, nothing }: { id: string; releasable: string | null; nothing: ReactNode }) {
  const [sent, setSent] = useState<{ id: string; status: string } | null>(null);
  return (
    <div className="stack">
      {releasable === null ? (
        <p className="muted">{nothing}</p>
      ) : (
        <span>
          <ActionButton
            action={() => releaseVestingAction(id)}
            onDone={(state) => state.status === "ok" && state.result && setSent(state.result)}
            className="btn btn-primary"
            pendingLabel="Releasing…"
          >
            Release {releasable}
          </ActionButton>
        </span>
      )}
      {sent ? <FollowRecord key={sent.id} kind="transaction" id={sent.id} status={sent.status} label="Release" /> : null}
    </div>
  );
}
