"use client";
// The test/live switch of the console: a real switch (role="switch"), keyboard operable.
import { useTransition } from "react";
import { setEnvironment } from "@/app/(console)/_actions/environment";

export function EnvironmentSwitch({ environment }: { environment: "test" | "live" }) {
  const [pending, start] = useTransition();
  const live = environment === "live";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={live}
      aria-label="Live mode"
      className="env-switch"
      disabled={pending}
      onClick={() => start(() => setEnvironment(live ? "test" : "live"))}
      data-testid="environment-switch"
    >
      <span className={live ? "env-label-live" : "env-label-test"}>{pending ? "Switching…" : live ? "Live mode" : "Test mode"}</span>
      <span className="track" aria-hidden="true">
        <span className="thumb" />
      </span>
    </button>
  );
}
