"use client";
import { useState } from "react";

/** Copies `value` to the clipboard and says so (to screen readers too). */
export function CopyButton({ value, label = "Copy", className = "btn btn-small" }: { value: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
    setTimeout(() => setCopied(null), 2000);
  };
  return (
    <button type="button" className={className} onClick={copy} aria-live="polite">
      {copied === null ? label : copied ? "Copied" : "Copy failed"}
    </button>
  );
}
