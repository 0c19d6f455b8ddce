// `npm test` runs this (test/architecture.test.ts). The code stands on floors, and an import goes down or
// sideways, never up. The floors, top to bottom:
//   entry           app/, inngest/, lib/api (the one wrapper), lib/batch (runs routes), lib/composition
//   areas           every other lib/<area>: tokens, trex, connect, vaults, governance, billing, console, …
//   infrastructure  lib/chain, lib/jobs, lib/db (and lib/db.ts), lib/webhooks, lib/observability, lib/http, lib/crypto
//   schemas         lib/schemas: the API's zod schemas, which feed validation and the OpenAPI document
//   core            lib/core (scope, errors, ids, pagination, the idempotency context, redaction) and
//                   lib/generated (the Prisma client)
// Each floor lists what it may import (an allow-list: a new area is an area, a new folder is caught). Dynamic
// import() counts like a static one. Only the generated route registry (lib/api/route-modules.generated.ts,
// entry floor) reaches up to app/ — the wrapper serves the routes it lists. Type-only imports count too.
const ENTRY = "^(app|inngest)/|^lib/(api|batch|composition)/|^instrumentation\\.ts$";
const INFRASTRUCTURE = "^lib/(chain|jobs|db|webhooks|observability|http|crypto)/|^lib/db\\.ts$";
const SCHEMAS = "^lib/schemas/";
const CORE = "^lib/(core|generated)/";
const AREAS = "^lib/(?!(api|batch|composition)/)";
const OURS = "^(lib|app|inngest)/|^instrumentation\\.ts$";
const TESTS = "\\.test\\.tsx?$|(^|/)testing(/|\\.ts$)|-testing\\.ts$|test-helpers\\.ts$|test-receiver\\.ts$";

/** A floor may import only the floors it lists (and any package). */
const floor = (name, from, fromNot, allowed) => ({
  name: `floor-${name}`,
  severity: "error",
  comment: `The ${name} floor imports only: ${allowed.join(", ")}.`,
  from: { path: from, pathNot: [TESTS, ...fromNot] },
  to: { path: OURS, pathNot: allowed.map((f) => ({ core: CORE, schemas: SCHEMAS, infrastructure: INFRASTRUCTURE, areas: AREAS })[f]).concat(TESTS) },
});

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Import cycles make load order matter and floors meaningless.",
      from: { path: "^(lib|app|inngest)/", pathNot: "^lib/api/route-modules\\.generated\\.ts$" },
      to: { circular: true, viaOnly: { pathNot: "^lib/api/route-modules\\.generated\\.ts$" } },
    },
    floor("core", CORE, [], ["core"]),
    floor("schemas", SCHEMAS, [], ["core", "schemas"]),
    floor("infrastructure", INFRASTRUCTURE, [], ["core", "schemas", "infrastructure"]),
    floor("areas", AREAS, [ENTRY, INFRASTRUCTURE, SCHEMAS, CORE], ["core", "schemas", "infrastructure", "areas"]),
    {
      name: "production-code-takes-nothing-from-the-local-node",
      severity: "error",
      comment: "The local node is for the embedded default and tests; production code must not depend on its constants.",
      from: { path: "^(lib|app|inngest)/", pathNot: [TESTS, "^lib/chain/local/", "^lib/composition", "^lib/connect/local/dev-bundler", "^lib/jobs/"] },
      to: { path: "^lib/chain/local/node\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next[^/]*|lib/generated|\\.tools)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"] },
  },
};
