// The committed artifacts must match contracts/, the compiler and its settings.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ARTIFACTS_DIR, TEST_ARTIFACTS_DIR, computeHashes } from "./build-contracts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("build-contracts", () => {
  it("--check finds the artifacts up to date", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/build-contracts.ts", "--check"],
      { cwd: ROOT },
    );
    expect(stdout).toContain("up to date");
  });

  it("records one hash per compiled group", () => {
    const stored = readFileSync(path.join(ARTIFACTS_DIR, "sources.hash"), "utf8");
    const { templates, permit2 } = computeHashes();
    expect(stored).toBe(`templates ${templates}\npermit2 ${permit2}\n`);
  });

  it("keeps test-only contracts out of the directory the app loads from", () => {
    expect(readdirSync(TEST_ARTIFACTS_DIR)).toContain("ERC1363ReceiverMock.ts");
    expect(readdirSync(ARTIFACTS_DIR).filter((file) => file.startsWith("ERC1363ReceiverMock"))).toEqual([]);
  });
});
