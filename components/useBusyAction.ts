"use client";
// A client component's action behind a button: which one is running (its button says so, the others wait) and
// the error the last one ended with.
import { useState } from "react";

export function useBusyAction<K extends string = "busy">() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Runs `work` as `key`, the last error cleared first; what it throws is shown in the words `failure` gives. */
  async function run(key: K, work: () => Promise<unknown>, failure: (e: unknown) => string) {
    setBusy(key);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, setError, run };
}
