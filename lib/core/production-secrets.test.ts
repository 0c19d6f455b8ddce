// A production server (Vercel, `next start`) must not run without its own secrets: nothing generates them there.
import { afterEach, describe, expect, it, vi } from "vitest";
import { register } from "@/instrumentation";
import { assertProductionSecrets } from "@/lib/core/production-secrets";

afterEach(() => vi.unstubAllEnvs());

describe("secrets in production", () => {
  it("the server's start (instrumentation register) refuses a missing ENCRYPTION_KEY", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("ENCRYPTION_KEY", "");
    await expect(register()).rejects.toThrow("ENCRYPTION_KEY must be set (32+ characters) in production: refusing to start");
  });

  it("names both when both are missing or short, and leaves development and the build alone", () => {
    const env = { NODE_ENV: "production", AUTH_SECRET: "too-short" } as NodeJS.ProcessEnv;
    expect(() => assertProductionSecrets(env)).toThrow("AUTH_SECRET and ENCRYPTION_KEY must be set (32+ characters) in production");
    expect(() => assertProductionSecrets({ ...env, NODE_ENV: "development" })).not.toThrow();
    expect(() => assertProductionSecrets({ ...env, NEXT_PHASE: "phase-production-build" })).not.toThrow();
  });
});
