// The environment every test process runs with (the global setup's executor and the test workers alike).
export function testEnv(databaseUrl: string, localChainRpcUrl: string, localBundlerUrl?: string) {
  return {
    DATABASE_URL: databaseUrl,
    LOCAL_CHAIN_RPC_URL: localChainRpcUrl,
    ...(localBundlerUrl ? { LOCAL_BUNDLER_URL: localBundlerUrl } : {}),
    AUTH_SECRET: process.env.AUTH_SECRET ?? "test-secret-for-jwt-signing-only-in-tests-0123456789",
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "test-encryption-key-only-in-tests-0123456789",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    // Webhook retry delays (5 s … 10 h) shrink by this factor so retry schedules run in a test.
    WEBHOOK_RETRY_SCALE: process.env.WEBHOOK_RETRY_SCALE ?? "0.001",
    // test/client.ts sends the client IP as the one X-Forwarded-For entry a single proxy would append.
    TRUSTED_PROXY: "1",
    // Webhook receivers in tests listen on 127.0.0.1 (never allowed by default: lib/webhooks/addresses.ts).
    WEBHOOK_ALLOW_LOOPBACK: "1",
    // The suites create far more contracts and writes per tenant than the free plan allows; the quota tests
    // (lib/billing) turn enforcement back on, the default, in their own process.
    BILLING_QUOTAS: "off",
  };
}
