// 31.2: the quota guard on the caller's transaction, with a pool of 3 (lib/billing/testing/quota-pool-suite.ts).
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.DATABASE_POOL_SIZE = "3";
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "3000";
});

import { concurrentTransactionalWrites } from "@/lib/billing/testing/quota-pool-suite";

concurrentTransactionalWrites(3);
