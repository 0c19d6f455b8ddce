"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

export const NAV = [
  { href: "/dashboard", label: "Home" },
  { href: "/tokens", label: "Tokens" },
  { href: "/transactions", label: "Transactions" },
  { href: "/identities", label: "Identities" },
  { href: "/vaults", label: "Vaults" },
  { href: "/price-feeds", label: "Price feeds" },
  { href: "/multisigs", label: "Multisigs" },
  { href: "/governance", label: "Governance" },
  { href: "/vrf", label: "Randomness" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/keys", label: "API keys" },
  { href: "/features", label: "Features" },
  { href: "/analytics", label: "Analytics" },
  { href: "/billing", label: "Billing" },
  { href: "/settings", label: "Settings" },
];

export function Nav({ label = "Console" }: { label?: string }) {
  const path = usePathname();
  return (
    <nav className="nav" aria-label={label}>
      {NAV.map((item) => {
        const current = path === item.href || path.startsWith(`${item.href}/`);
        return (
          <Link key={item.href} href={item.href} aria-current={current ? "page" : undefined}>
            {item.label}
          </Link>
        );
      })}
      <a href="/docs">API reference</a>
    </nav>
  );
}
