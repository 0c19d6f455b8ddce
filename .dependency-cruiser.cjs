// `npm test` runs this (test/architecture.test.ts): no import cycle in lib/, app/ or inngest/, and lib/chain
// (infrastructure) imports no domain (its tests may: they drive the whole product). Type-only imports count
// too: a cycle of types is still a tangle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Import cycles make load order matter and layers meaningless.",
      from: { path: "^(lib|app|inngest)/" },
      // A lazy import() does not take part in load order: the generated route registry reaches every route
      // module that way, /v1/batch and /v1/openapi.json included, which read the registry back.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["dynamic-import"] } },
    },
    {
      name: "chain-imports-no-domain",
      severity: "error",
      comment: "lib/chain is the lower layer: domains register operations, submitters and base contracts in lib/composition.",
      from: { path: "^lib/chain/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(lib/(tokens|trex|connect|vesting|vaults|multisig|governance|oracles|vrf|billing|analytics|api-keys|auth|batch|console|retention|composition)|app|inngest/functions)/" },
    },
    {
      name: "production-code-takes-nothing-from-the-local-node",
      severity: "error",
      comment: "The local node is for the embedded default and tests; production code must not depend on its constants.",
      from: { path: "^(lib|app|inngest)/", pathNot: ["\\.test\\.ts$", "(^|/)testing\\.ts$", "-testing\\.ts$", "^lib/chain/local-", "^lib/composition", "^lib/connect/dev-bundler", "^lib/jobs/"] },
      to: { path: "^lib/chain/local-node\\.ts$" },
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
