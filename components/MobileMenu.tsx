"use client";
// The console's navigation on narrow screens: a disclosure that closes itself after navigating.
import { useEffect, useRef, type ReactNode } from "react";
import { usePathname } from "next/navigation";

export function MobileMenu({ title, children }: { title: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const path = usePathname();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [path]);
  return (
    <details className="mobile-header" ref={ref}>
      <summary>
        {title}
        <span className="menu-icon">
          <span aria-hidden="true">☰</span> Menu
        </span>
      </summary>
      <div className="mobile-menu">{children}</div>
    </details>
  );
}
