"use client";
// Re-renders the page's server components while `active` (a token deploying, a transaction pending, a
// delivery in flight), so the page updates without a reload. The next refresh is scheduled only once
// the previous one has rendered: a slow render is never cut short by the next poll.
import { useEffect, useTransition } from "react";
import { useRouter } from "next/navigation";

export function AutoRefresh({ active, intervalMs = 1000 }: { active: boolean; intervalMs?: number }) {
  const router = useRouter();
  const [refreshing, start] = useTransition();
  useEffect(() => {
    if (!active || refreshing) return;
    const timer = setTimeout(() => start(() => router.refresh()), intervalMs);
    return () => clearTimeout(timer);
  }, [active, refreshing, intervalMs, router]);
  return null;
}
