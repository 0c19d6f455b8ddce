// A message box in the flow of a page: its tone's icon (or a spinner while something is moving), then the text.
import type { ReactNode } from "react";

const ICONS = { info: "i", success: "✓", warning: "⚠", danger: "✕" } as const;

export function Notice({
  tone,
  busy = false,
  children,
  ...attributes
}: {
  tone: keyof typeof ICONS;
  /** A spinner instead of the icon: the page is waiting for the state it describes to change. */
  busy?: boolean;
  children: ReactNode;
  role?: "alert" | "status" | "note" | "listitem";
} & { [name: `data-${string}`]: string | undefined }) {
  return (
    <div className={`notice notice-${tone}`} {...attributes}>
      {busy ? (
        <span className="badge badge-info notice-spinner" aria-hidden="true">
          <span className="spin" />
        </span>
      ) : (
        <span aria-hidden="true">{ICONS[tone]}</span>
      )}
      <span>{children}</span>
    </div>
  );
}
