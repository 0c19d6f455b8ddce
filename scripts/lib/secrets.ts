// AUTH_SECRET and ENCRYPTION_KEY. In development they are taken from the environment when set, otherwise
// generated once and kept in .data/secrets.json (mode 600) so sessions and encrypted keys survive a
// restart. In production (`npm start`, NODE_ENV=production) they must come from the environment: on a
// disk that is lost or replaced, generated ones would orphan every encrypted custodial key.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { missingProductionSecrets } from "@/lib/core/production-secrets";
import { StartupError } from "./startup-error";

const NAMES = ["AUTH_SECRET", "ENCRYPTION_KEY"] as const;

export function requireProductionSecrets() {
  const missing = missingProductionSecrets();
  if (missing.length) {
    throw new StartupError(
      `production (npm start, NODE_ENV=production) needs ${missing.join(" and ")} (32+ characters) from the environment; generated ones are for development only: set ${missing.map((name) => `${name}=$(openssl rand -base64 32)`).join(" ")}`,
    );
  }
}

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
