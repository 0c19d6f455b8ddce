"use client";
// Stop or resume the token's transfers (pause()/unpause() from the wallet), followed until the transaction is
// final; a token deployed without the pausable feature has no such switch, and says so.
import { useState } from "react";
import { ActionButton } from "@/components/ActionButton";
import { pauseAction } from "../_actions/tokens";
import { FollowRecord } from "./FollowRecord";

export function PausePanel({ tokenId, symbol, pausable, paused, readError }: { tokenId: string; symbol: string; pausable: boolean; paused: boolean | null; readError?: string }) {
  const [sent, setSent] = useState<{ id: string; status: string; pause: boolean } | null>(null);
  if (!pausable) {
    return (
      <p className="muted" data-testid="not-pausable">
        {symbol} was deployed without the pausable feature, so its contract has no switch to stop transfers; a token&apos;s features are fixed when it is
        deployed. Deploy a new token with Pausable ticked to have one.
      </p>
    );
  }
  const next = !paused;
  return (
    <div className="stack">
      <p data-testid="paused-state" data-paused={paused === null ? undefined : String(paused)}>
        {paused === null ? (
          <span className="muted">{readError ?? "Whether it is paused could not be read just now."}</span>
        ) : paused ? (
          <>
            <strong>Transfers are paused.</strong> No {symbol} moves until transfers are resumed.
          </>
        ) : (
          <>
            <strong>Transfers are running.</strong> Pausing stops every transfer of {symbol} until you resume them.
          </>
        )}
      </p>
      {paused === null ? null : (
        <span>
          <ActionButton
            action={() => pauseAction(tokenId, next)}
            onDone={(state) => state.status === "ok" && state.result && setSent({ ...(state.result as { id: string; status: string }), pause: next })}
            confirm={next ? `Pause every transfer of ${symbol}?` : undefined}
            className={next ? "btn btn-danger" : "btn btn-primary"}
            pendingLabel={next ? "Pausing…" : "Resuming…"}
          >
            {next ? "Pause transfers" : "Resume transfers"}
          </ActionButton>
        </span>
      )}
      {sent ? <FollowRecord key={sent.id} kind="transaction" id={sent.id} status={sent.status} label={sent.pause ? "Pause" : "Resume"} /> : null}
    </div>
  );
}
