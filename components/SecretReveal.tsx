"use client";
// A secret shown exactly once (API key or webhook signing secret): a warning, the value, a copy button.
import { useState, type ReactNode } from "react";
import { CopyButton } from "./CopyButton";
import { Notice } from "@/components/Notice";

export function SecretReveal({ title, secret, children }: { title: string; secret: string; children?: ReactNode }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <section className="secret" aria-label={title}>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h3>{title}</h3>
      </div>
      <Notice tone="warning" role="note">
        <strong>Copy it now.</strong> This is the only time it is shown: we store only a hash (or an encrypted copy for signing). If you lose
        it, rotate it.
      </Notice>
      <div className="secret-value">
        <code data-testid="secret-value">{secret}</code>
        <CopyButton value={secret} />
      </div>
      {children}
      <div>
        <button type="button" className="btn btn-small" onClick={() => setOpen(false)}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
