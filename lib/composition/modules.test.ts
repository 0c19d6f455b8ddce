// The platform the modules make (lib/composition, lib/chain/registry/modules): every kind of chain write, listed from
// the registry, has its operation, and is sent by at least one test; the light list of base contracts is the
// modules' own; every module's Inngest functions are served; a name two modules claim is refused.
//
// "Sent by a test" is read from the test files' text (no test is run here): a kind counts as sent when a test
// names it in quotes (they assert `kind` on the record, or send it through lib/chain), or, for a kind whose name
// no test spells, when a test makes the request that produces it (SENT_BY below: the route call as the tests
// write it, a successful one), or when it is the follow-up an effect records after a kind that is sent
// (FOLLOW_UP_OF). A new kind needs one of the three, or this test fails naming it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { modules, platform } from "@/lib/composition";
import { buildPlatform, defineModule } from "@/lib/chain/registry/modules";
import { operationFor, registeredKinds } from "@/lib/chain/registry/kinds";
import { registeredBaseContracts } from "@/lib/chain/registry/base-contracts";
import { functions } from "@/inngest/functions";

const SENT_BY: Record<string, RegExp> = {
  "governance.cancel": /\/proposals\/\$\{[^}]+\}\/cancel`/,
  "governance.delegate": /governance\/\$\{[^}]+\}\/delegate`/,
  "governance.execute": /\/proposals\/\$\{[^}]+\}\/execute`/,
  "governance.queue": /\/proposals\/\$\{[^}]+\}\/queue`/,
  "governance.vote": /\/proposals\/\$\{[^}]+\}\/vote`/,
  "role.renounce": /confirmed\(t, "POST", roles\("\/renounce"\)/,
  "role.revoke": /confirmed\(t, "DELETE", roles\(\)/,
  "token.burn_from": /confirmed\(t, "POST", path\("burn_from"\)/,
  "token.nft_metadata": /confirmed\(t, "POST", path\("nfts\/\d+\/metadata"\)/,
  "token.nft_royalty": /confirmed\(t, "POST", path\("nfts\/\d+\/royalty"\)/,
  "token.pause": /confirmed\(t, "POST", `\/v1\/tokens\/\$\{[^}]+\}\/pause`/,
  "token.unpause": /confirmed\(t, "POST", `\/v1\/tokens\/\$\{[^}]+\}\/unpause`/,
  "token.royalty": /confirmed\(t, "POST", path\("royalty"\)/,
  "token.set_base_uri": /confirmed\(t, "POST", path\("set_base_uri"\)/,
  "token.set_uri": /confirmed\(t, "POST", path\("set_uri"\)/,
  "vault.shares.approve": /confirmed\(`\/v1\/vaults\/\$\{[^}]+\}\/shares\/approve`/,
};

/** Kinds only an effect records (lib/chain/records/finalize's submit), after the kind it follows. */
const FOLLOW_UP_OF: Record<string, string> = {
  "compliance.module.initialize": "compliance.module.deploy",
  "governance.configure": "governance.deploy_timelock",
  "trex.storage_ownership": "token.deploy_suite",
};

/** Kinds whose end changes nothing of ours beyond the record and its transaction.* events. */
const NO_EFFECT = [
  "claim_issuer.add_key", "compliance.module.prepare", "governance.cancel", "governance.delegate", "governance.execute", "governance.queue",
  "governance.vote", "identity.storage.bind", "identity.storage.unbind", "multisig.approve_hash", "nonce.fill", "trex.storage_ownership",
  "vault.shares.approve", "vault.shares.transfer",
];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : testFiles(path);
    return /\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const tests = ["lib", "app", "inngest", "test", "e2e"].flatMap(testFiles).filter((f) => !f.endsWith("modules.test.ts")).map((f) => ({ file: f, text: readFileSync(f, "utf8") }));
const namedBy = (kind: string) => tests.filter((t) => [`"${kind}"`, `'${kind}'`, `\`${kind}\``].some((q) => t.text.includes(q))).map((t) => t.file);

describe("the platform's kinds of chain write", () => {
  const kinds = registeredKinds();

  it("are those of the modules (and the built-in nonce.fill), each with its operation", () => {
    expect(kinds.sort()).toEqual(["nonce.fill", ...Object.keys(platform.operations)].sort());
    expect(kinds.length).toBeGreaterThan(80);
    const hasEffect = (kind: string) => {
      const operation = operationFor(kind); // what finalize asks for
      return Boolean(operation.onConfirmed || operation.onFailed || operation.confirmedEvents);
    };
    expect(kinds.filter((kind) => !hasEffect(kind)).sort()).toEqual(NO_EFFECT);
  });

  it("each is sent by at least one test", () => {
    const sent = (kind: string): boolean =>
      namedBy(kind).length > 0 || tests.some((t) => SENT_BY[kind]?.test(t.text)) || (kind in FOLLOW_UP_OF && sent(FOLLOW_UP_OF[kind]));
    expect(kinds.filter((kind) => !sent(kind))).toEqual([]);
    // The tables name registered kinds only.
    expect([...Object.keys(SENT_BY), ...Object.keys(FOLLOW_UP_OF), ...NO_EFFECT].filter((kind) => !kinds.includes(kind))).toEqual([]);
  });
});

describe("the modules", () => {
  it("install their base contracts in their order, as the light list for chain-only scripts does", async () => {
    await import("./base-contracts");
    expect(registeredBaseContracts().map((b) => [b.name, b.install])).toEqual(platform.baseContracts.map((b) => [b.name, b.install]));
    expect(platform.baseContracts.map((b) => b.name)).toEqual(["erc-4337", "t-rex", "safe", "price-feeds", "vrf", "stablecoins"]);
  });

  it("have their Inngest functions served with the infrastructure's", () => {
    const served = new Set(functions.map((f) => f.id()));
    expect(modules.flatMap((m) => m.functions ?? []).filter((f) => !served.has(f.id()))).toEqual([]);
  });

  it("may not claim a kind, submitter or log event another module claims", () => {
    const a = defineModule({ name: "a", operations: { "x.do": {} }, logEvents: ["Transfer"] });
    expect(() => buildPlatform([a, defineModule({ name: "b", operations: { "x.do": {} } })])).toThrow("the kind 'x.do' is declared by both the a and the b modules");
    expect(() => buildPlatform([a, defineModule({ name: "c", logEvents: ["Transfer"] })])).toThrow("the log event 'Transfer' is declared by both the a and the c modules");
    expect(() => buildPlatform([...modules, defineModule({ name: "d", submitters: { user_operation: { run: async () => ({ open: 0 }) } } })])).toThrow("the submitter 'user_operation'");
  });
});
