import type { ReactNode } from "react";

export function PageHeader({ title, subtitle, actions, breadcrumb, badge }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; breadcrumb?: ReactNode; badge?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="titles">
        {breadcrumb ? <nav className="breadcrumb" aria-label="Breadcrumb">{breadcrumb}</nav> : null}
        <div className="title-row">
          <h1>{title}</h1>
          {badge}
        </div>
        {subtitle ? <p className="subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="actions">{actions}</div> : null}
    </header>
  );
}
