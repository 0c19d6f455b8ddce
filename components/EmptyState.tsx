import type { ReactNode } from "react";

/** What an empty list says: what this is, and what to do next. */
export function EmptyState({ icon = "◇", title, children, action }: { icon?: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty">
      <div className="empty-icon" aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      <p>{children}</p>
      {action ? <div className="actions">{action}</div> : null}
    </div>
  );
}
