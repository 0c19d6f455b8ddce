// Browser tests of the console (e2e/): Debian's chromium against `next build && next start` on the
// embedded defaults, started by e2e/global-setup.ts on free ports with a fresh database. The project
// "production-server" runs every spec against `npm start` (scripts/serve.ts); "next-start" runs the API spec
// again against the stock `next start` that Vercel runs (same build, its own database and chain).
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  timeout: 240_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".test-results.e2e.json" }]],
  outputDir: "test-results/e2e",
  projects: [
    { name: "production-server" },
    { name: "next-start", testMatch: /api-server\.spec\.ts/ },
  ],
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
});
