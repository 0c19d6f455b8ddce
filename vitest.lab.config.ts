// npm run test:lab: the chain lab's suite (test/lab/). Its global setup starts the whole lab (scripts/lab/lab.ts):
// three chains with real chain ids and block times behind fault proxies, safe-mode altos, and the production
// server configured only through the production variables. The files run one after the other: they share
// the lab, and each switches a proxy's faults.
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["test/lab/**/*.lab.test.ts"],
    exclude: ["**/node_modules/**"],
    globalSetup: ["test/lab/global-setup.ts"],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: "forks",
    fileParallelism: false,
    reporters: ["default", "json"],
    outputFile: { json: ".test-results.lab.json" },
  },
});
