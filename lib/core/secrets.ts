// API key secrets and other bearer secrets are stored as their SHA-256 only: a leaked table reveals no key.
import { createHash } from "node:crypto";

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
