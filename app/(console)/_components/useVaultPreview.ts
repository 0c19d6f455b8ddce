"use client";
// What an amount typed in a vault form would give or take at the latest block (ERC-4626 preview*), read a
// moment after the typing stops; null while nothing (or nothing valid) is typed.
import { useEffect, useState } from "react";
import { vaultPreviewAction } from "../_actions/vaults";

export type VaultAction = "deposit" | "mint" | "withdraw" | "redeem";

export interface VaultPreview {
  action: VaultAction;
  amount: string;
  result: string;
  result_unit: "shares" | "assets";
}

const SETTLE_MS = 350;

export function useVaultPreview(vaultId: string, action: VaultAction, typed: string) {
  const [preview, setPreview] = useState<VaultPreview | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!typed.trim()) return;
    let current = true;
    const timer = setTimeout(async () => {
      const formData = new FormData();
      formData.set("action", action);
      formData.set("amount", typed);
      const answer = await vaultPreviewAction(vaultId, formData).catch(() => null);
      if (current && answer?.status === "ok") setPreview(answer.result as VaultPreview);
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [vaultId, action, typed]);
  return preview;
}
