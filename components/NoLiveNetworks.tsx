"use client";
import { useTransition } from "react";
import { setEnvironment } from "@/app/(console)/_actions/environment";
import { Notice } from "@/components/Notice";

/** Live mode on a deployment with no mainnet connected: what is missing, who sets it up, and a way on meanwhile. */
export function NoLiveNetworks() {
  const [pending, start] = useTransition();
  return (
    <Notice tone="warning" role="status" data-testid="no-live-networks">
      <strong>No mainnet is connected to this deployment yet.</strong> Live mode deploys on mainnets, and each one needs an RPC endpoint (a node
      provider URL) set up by whoever runs this platform: ask them to connect one. Until then, test mode works with test networks.{" "}
      <button type="button" className="btn btn-small" disabled={pending} onClick={() => start(() => setEnvironment("test"))}>
        {pending ? "Switching…" : "Switch to test mode"}
      </button>
    </Notice>
  );
}
