// Links that filter a console list by status: "All", then one per status, the current one marked.
import Link from "next/link";

export function StatusTabs({ label, statuses, current, href }: { label: string; statuses: readonly string[]; current?: string; href: (status?: string) => string }) {
  return (
    <nav className="tabs" aria-label={label}>
      <Link href={href()} aria-current={!current ? "page" : undefined}>
        All
      </Link>
      {statuses.map((s) => (
        <Link key={s} href={href(s)} aria-current={current === s ? "page" : undefined}>
          {s[0].toUpperCase() + s.slice(1)}
        </Link>
      ))}
    </nav>
  );
}
