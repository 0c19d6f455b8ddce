// Record ids are `<prefix>_<ulid>` in lower case: time-sortable, so cursors are `id < cursor`.
import { randomFillSync } from "node:crypto";
import { monotonicFactory } from "ulid";

// ulid asks for one random byte per character; take them from a pooled buffer instead of one
// getRandomValues call each (measurable on the request path).
const pool = new Uint8Array(4096);
let offset = pool.length;
function randomFraction() {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  return pool[offset++] / 256;
}

const next = monotonicFactory(randomFraction);

export type IdPrefix =
  | "ten" | "usr" | "key" | "rt" | "evt" | "tok" | "tx" | "we" | "whd" | "req" | "wal"
  | "idn" | "clm" | "cli" // identities, identity claims, claim issuers (lib/trex)
  | "oal" | "psk" | "pm" // Connect OAuth links, passkeys, paymasters (lib/connect)
  | "ses" // Connect session keys (lib/connect/sessions/service.ts)
  | "rcc" | "rcv" // Connect recovery configurations and requests (lib/connect/recovery/service.ts)
  | "vst" // vesting schedules (lib/vesting)
  | "vrfc" | "vrfr" // VRF consumers and their randomness requests (lib/vrf)
  | "vlt" | "vop" // vaults and their deposits, mints, withdrawals and redemptions (lib/vaults)
  | "msig" | "mstx" | "mssig" // multisigs, their Safe transactions and owners' wallet signatures of them (lib/multisig)
  | "gov" | "prp" // governance instances and their proposals (lib/governance)
  | "pfc" // price feed consumers (lib/oracles)
  | "pay" | "aud" // billing payments and admin audit rows (lib/billing)
  | "dcr" // confidential decrypt requests (lib/confidential)
  | "inv" | "alog" | "upk"; // team invitations, the tenant's audit log, members' passkeys (lib/team, lib/observability/audit.ts)

export const newId = (prefix: IdPrefix) => `${prefix}_${next().toLowerCase()}`;

/** Whole seconds since the epoch, the API's `created` format. */
export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
