"use client";
// A button that runs one server action (revoke, delete, retry…), optionally after a confirmation (a styled
// dialog, components/ConfirmDialog), and shows its error next to it.
import Link from "next/link";
import { useState, useTransition, type ReactNode } from "react";
import type { FormState } from "@/lib/console/forms";
import { ConfirmDialog } from "./ConfirmDialog";

/** A confirmation's title and message: its leading question ("Revoke “ci”?") heads the dialog, the rest explains. */
export function confirmParts(text: string): { title: string; message: string } {
  const asked = /^(.+?\?)\s+(\S[\s\S]*)$/.exec(text.trim());
  if (asked) return { title: asked[1], message: asked[2] };
  return { title: "Please confirm", message: text.trim() };
}

export function ActionButton<R>({
  action,
  children,
  pendingLabel,
  confirm,
  className = "btn btn-small",
  onDone,
  label,
  confirmLabel,
}: {
  action: () => Promise<FormState<R> | undefined | void>;
  children: ReactNode;
  pendingLabel?: string;
  /** Asked in a dialog before the action runs: a question, then what follows from it. */
  confirm?: string;
  /** The dialog's confirm button (the button's own text when it is text). */
  confirmLabel?: string;
  className?: string;
  onDone?: (state: FormState<R>) => void;
  /** Accessible name when the visible text is not enough (e.g. "Retry delivery whd_…"). */
  label?: string;
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<FormState["link"]>();
  const [asking, setAsking] = useState(false);
  const run = () => {
    setAsking(false);
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
      <button type="button" className={className} onClick={confirm ? () => setAsking(true) : run} disabled={pending} aria-label={label}>
        {pending ? (pendingLabel ?? "Working…") : children}
      </button>
      {confirm ? (
        <ConfirmDialog
          open={asking}
          {...confirmParts(confirm)}
          confirmLabel={confirmLabel ?? (typeof children === "string" ? children : "Confirm")}
          onConfirm={run}
          onCancel={() => setAsking(false)}
        />
      ) : null}
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
