import { randomBytes } from "node:crypto";

/** A time-sortable id such as `run_0mbh2k3x1a2b3c4d5e6f7a8b`. */
export function newId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36).padStart(9, "0")}${randomBytes(8).toString("hex")}`;
}
