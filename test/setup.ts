import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET ??= "test-secret-for-jwt-signing-only-in-tests-0123456789";
process.env.LOG_LEVEL ??= "silent";
