// npm run test:faults: the chain path under injected faults (a TCP proxy cutting, losing and delaying
// traffic to the chain; mining paused). Same setup as npm test; slower, so a run of its own.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/faults/**/*.fault.test.ts"],
    exclude: ["**/node_modules/**"],
    outputFile: { json: ".test-results.faults.json" },
  },
});
