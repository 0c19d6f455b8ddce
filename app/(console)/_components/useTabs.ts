"use client";
// A tab list's state and keys: the selected tab, and ← → moving the selection (and the focus) to the previous
// or next tab, round the ends. The tabs' buttons have the ids `${prefix}-tab-${tab}`.
import { useState, type KeyboardEvent } from "react";

export function useTabs<T extends string>(tabs: readonly T[], prefix: string) {
  const [tab, setTab] = useState<T>(tabs[0]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    setTab(next);
    document.getElementById(`${prefix}-tab-${next}`)?.focus();
  };
  return { tab, setTab, onKeyDown };
}
