"use client";
// A button that runs one server action (revoke, delete, retry…), optionally after a confirmation, and
// shows its error next to it.
import Link from "next/link";
import { useState, useTransition, type ReactNode } from "react";
import type { FormState } from "@/lib/console/forms";

export function ActionButton<R>({
  action,
  children,
  pendingLabel,
  confirm,
  className = "btn btn-small",
  onDone,
  label,
}: {
  action: () => Promise<FormState<R> | undefined | void>;
  children: ReactNode;
  pendingLabel?: string;
  confirm?: string;
  className?: string;
  onDone?: (state: FormState<R>) => void;
  /** Accessible name when the visible text is not enough (e.g. "Retry delivery whd_…"). */
  label?: string;
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<FormState["link"]>();
  const run = () => {
    if (confirm && !window.confirm(confirm)) return;
    setError(null);
    start(async () => {
      const state = (await action()) ?? { status: "idle" as const };
      if (state.status === "error") setError(state.message ?? "That did not work.");
      setLink(state.status === "error" ? state.link : undefined);
      onDone?.(state as FormState<R>);
    });
  };
  return (
    <span className="row" style={{ gap: 8, display: "inline-flex" }}>
      <button type="button" className={className} onClick={run} disabled={pending} aria-label={label}>
        {pending ? (pendingLabel ?? "Working…") : children}
      </button>
      {error ? (
        <span role="alert" className="small" style={{ color: "var(--danger)" }}>
          {error}
          {link ? (
            <>
              {" "}
              <Link href={link.href}>{link.label}</Link>
            </>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
