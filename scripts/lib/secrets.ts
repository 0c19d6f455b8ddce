// Secrets of the embedded default: taken from the environment when set, otherwise generated once and
// kept in .data/secrets.json (mode 600) so sessions and encrypted keys survive a restart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";

const NAMES = ["AUTH_SECRET", "ENCRYPTION_KEY"] as const;

export function ensureLocalSecrets(dataDir: string): Record<string, string> {
  const file = join(dataDir, "secrets.json");
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  let changed = false;
  for (const name of NAMES) {
    if (process.env[name] || stored[name]) continue;
    stored[name] = randomBytes(32).toString("base64url");
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return Object.fromEntries(NAMES.map((n) => [n, process.env[n] || stored[n]]));
}
