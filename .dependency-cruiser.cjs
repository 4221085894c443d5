// The dependency rules eslint's import-x/no-cycle cannot state: it skips type-only imports, while
// these rules see them (tsPreCompilationDeps). Run by `npm run lint` (depcruise); proved to fail on
// a fixture by test/architecture/architecture.test.ts. Deep imports into src/core are refused by eslint.config.js.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "No import cycle in src/core or src/server, type-only imports included.",
      // test/fixtures/architecture holds the cycle that proves this rule fails (architecture.test.ts).
      from: { path: "^(src/core|src/server|test/fixtures/architecture)/" },
      to: { circular: true },
    },
    {
      name: "jsonrpc-knows-no-mcp",
      severity: "error",
      comment: "src/core/jsonrpc is plain JSON-RPC: it imports only itself and src/core/util (transport imports jsonrpc, never the reverse).",
      from: { path: "^src/core/jsonrpc/" },
      to: { path: "^src/", pathNot: ["^src/core/jsonrpc/", "^src/core/util/", "^src/core/errors\\.ts$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
