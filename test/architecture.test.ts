// The floors hold (.dependency-cruiser.cjs, README "Architecture"): entry → areas → infrastructure → schemas →
// core, each floor importing only the floors below it and its own, dynamic imports included; no import cycle;
// production code takes nothing from the local node. Each rule is also shown to catch a planted violation.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

function violations(): Violation[] {
  const run = spawnSync("node_modules/.bin/depcruise", ["lib", "app", "inngest", "instrumentation.ts", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const describeViolation = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.cycle?.map((c) => c.name).join(" → ") ?? v.to}`;

/** Plants files for one check, removed again whatever happens. */
function withPlanted<T>(files: Record<string, string>, check: () => T): T {
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    return check();
  } finally {
    for (const path of Object.keys(files)) rmSync(path, { force: true });
    rmSync("lib/zz-planted-area", { recursive: true, force: true });
  }
}

describe("architecture", { timeout: 120_000 }, () => {
  it("keeps its floors: no upward import, static or dynamic; no import cycle; no production import of the local node", () => {
    expect(violations().map(describeViolation)).toEqual([]);
  });

  it("catches a planted violation of each rule", () => {
    const found = withPlanted(
      {
        // infrastructure reaching up into an area, and a cycle
        "lib/chain/zz-planted-a.ts": 'import { b } from "./zz-planted-b";\nimport { tokenOperations } from "@/lib/tokens/effects";\nexport const a = () => [b, tokenOperations];\n',
        "lib/chain/zz-planted-b.ts": 'import { a } from "./zz-planted-a";\nexport const b = () => a;\n',
        // an area reaching up to the wrapper through a dynamic import, and reading the local node
        "lib/tokens/zz-planted-c.ts": 'import { startLocalChain } from "@/lib/chain/local/node";\nexport const c = () => [startLocalChain, import("@/lib/api/handler")];\n',
        // a schema taking a domain's constant; core taking a schema; a new area folder is an area
        "lib/schemas/zz-planted-d.ts": 'import { PLANS } from "@/lib/billing/plans";\nexport const d = PLANS;\n',
        "lib/core/zz-planted-e.ts": 'import { Id } from "@/lib/schemas/common";\nexport const e = Id;\n',
        "lib/zz-planted-area/f.ts": 'import { api } from "@/lib/api/handler";\nexport const f = api;\n',
      },
      () => violations().map(describeViolation),
    );
    expect(found).toContain("floor-infrastructure: lib/chain/zz-planted-a.ts → lib/tokens/effects.ts");
    expect(found.some((v) => v.startsWith("no-cycles: lib/chain/zz-planted-a.ts") && v.includes("zz-planted-b.ts"))).toBe(true);
    expect(found).toContain("floor-areas: lib/tokens/zz-planted-c.ts → lib/api/handler.ts");
    expect(found).toContain("production-code-takes-nothing-from-the-local-node: lib/tokens/zz-planted-c.ts → lib/chain/local/node.ts");
    expect(found).toContain("floor-schemas: lib/schemas/zz-planted-d.ts → lib/billing/plans.ts");
    expect(found).toContain("floor-core: lib/core/zz-planted-e.ts → lib/schemas/common.ts");
    expect(found).toContain("floor-areas: lib/zz-planted-area/f.ts → lib/api/handler.ts");
  });
});
