// The layers hold (DESIGN.md "Layers"): no import cycle in lib/, app/ or inngest/; lib/chain imports no
// domain (the domains register with it through lib/composition); production code takes nothing from the
// local node. The rules are .dependency-cruiser.cjs; each is also shown to catch a planted violation.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

function violations(): Violation[] {
  const run = spawnSync("node_modules/.bin/depcruise", ["lib", "app", "inngest", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
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
    for (const [path, text] of Object.entries(files)) writeFileSync(path, text);
    return check();
  } finally {
    for (const path of Object.keys(files)) rmSync(path, { force: true });
  }
}

describe("architecture", { timeout: 120_000 }, () => {
  it("has no import cycle, no domain import in lib/chain, and no production import of the local node", () => {
    expect(violations().map(describeViolation)).toEqual([]);
  });

  it("catches a planted cycle, a domain imported by lib/chain, and production code reading the local node", () => {
    const found = withPlanted(
      {
        "lib/chain/zz-planted-a.ts": 'import { b } from "./zz-planted-b";\nimport { tokenOperations } from "@/lib/tokens/effects";\nexport const a = () => [b, tokenOperations];\n',
        "lib/chain/zz-planted-b.ts": 'import { a } from "./zz-planted-a";\nexport const b = () => a;\n',
        "lib/tokens/zz-planted-c.ts": 'import { startLocalChain } from "@/lib/chain/local-node";\nexport const c = startLocalChain;\n',
      },
      () => violations().map(describeViolation),
    );
    expect(found).toContain("chain-imports-no-domain: lib/chain/zz-planted-a.ts → lib/tokens/effects.ts");
    expect(found.some((v) => v.startsWith("no-cycles: lib/chain/zz-planted-a.ts") && v.includes("zz-planted-b.ts"))).toBe(true);
    expect(found).toContain("production-code-takes-nothing-from-the-local-node: lib/tokens/zz-planted-c.ts → lib/chain/local-node.ts");
  });
});
