"use client";
// The console's navigation, in groups (the sidebar at desktop width, the menu on a phone). Every item is
// always shown, so a page is one click away whatever group it is in.
import Link from "next/link";
import { usePathname } from "next/navigation";

interface NavItem {
  href: string;
  label: string;
  /** Outside the console's layout (the API reference): a plain link, never current. */
  external?: boolean;
}

export const NAV_GROUPS: { label: string; items: NavItem[] }[] = [
  {
    label: "Overview",
    items: [
      { href: "/dashboard", label: "Home" },
      { href: "/analytics", label: "Analytics" },
    ],
  },
  {
    label: "Tokens & modules",
    items: [
      { href: "/tokens", label: "Tokens" },
      { href: "/transactions", label: "Transactions" },
      { href: "/identities", label: "Identities" },
      { href: "/vaults", label: "Vaults" },
      { href: "/vesting", label: "Vesting" },
      { href: "/multisigs", label: "Multisigs" },
      { href: "/governance", label: "Governance" },
      { href: "/price-feeds", label: "Price feeds" },
      { href: "/vrf", label: "Randomness" },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/keys", label: "API keys" },
      { href: "/webhooks", label: "Webhooks" },
      { href: "/events", label: "Events" },
      { href: "/logs", label: "Request log" },
      { href: "/docs", label: "API reference", external: true },
    ],
  },
  {
    label: "Account",
    items: [
      { href: "/billing", label: "Billing" },
      { href: "/features", label: "Features" },
      { href: "/settings", label: "Settings" },
      { href: "/team", label: "Team" },
      { href: "/audit-log", label: "Audit log" },
    ],
  },
];

export function Nav({ label = "Console" }: { label?: string }) {
  const path = usePathname();
  const slug = label.toLowerCase().replace(/[^a-z]+/g, "-");
  return (
    <nav className="nav" aria-label={label}>
      {NAV_GROUPS.map((group) => {
        const heading = `${slug}-${group.label.toLowerCase().replace(/[^a-z]+/g, "-")}`;
        return (
          <div key={group.label} className="nav-group" role="group" aria-labelledby={heading}>
            <span className="nav-heading" id={heading}>
              {group.label}
            </span>
            {group.items.map((item) => {
              if (item.external) {
                return (
                  <a key={item.href} href={item.href}>
                    {item.label}
                  </a>
                );
              }
              const current = path === item.href || path.startsWith(`${item.href}/`);
              return (
                <Link key={item.href} href={item.href} aria-current={current ? "page" : undefined}>
                  {item.label}
                </Link>
              );
            })}
          </div>
        );
      })}
    </nav>
  );
}
