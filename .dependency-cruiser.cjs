// The dependency rules eslint's import-x cannot state: it skips type-only imports, while these rules
// see them (tsPreCompilationDeps). Run by `npm run lint` (depcruise); each is proved to fail on a fixture
// by test/architecture/architecture.test.ts. Deep imports into src/core are refused by eslint.config.js.
//
// The app's order, bottom to top (docs/architecture.md, "The app's order"); a layer imports only the
// layers below it and itself:
//   lib          src/app/lib/, src/app/model.ts: helpers and shared types; no state of the app
//   components   src/app/components/: widgets any feature may show
//   state        src/app/stores/ and every feature's store (features/<f>/…/<name>Store.ts)
//   session      src/app/session/: createSession, the controller, the hooks components read state with
//   features     src/app/features/<f>/: one folder each; a feature never imports another feature
//                (another feature's store is state, below it)
//   composition  src/app/*.ts(x) but model.ts (main.tsx, App.tsx, compose.ts, providers.tsx, prefetchForms.ts, prefetchStart.ts)
//                and src/app/views/: screens that put several features together
// Tests beside the code are not a layer: a test may render what it needs. `npm run lint` passes
// --ignore-known with .dependency-cruiser-known-violations.json, which is empty: no import between
// features is excused (test/architecture/architecture.test.ts keeps it empty).

/** A path under src/app that is a test (not part of the order). */
const TEST = "\\.test\\.tsx?$";
const LIB = "^src/app/(lib/|model\\.ts$)";
const COMPONENTS = "^src/app/components/";
const STATE = ["^src/app/stores/", "^src/app/features/[^/]+/[a-zA-Z]*Store\\.ts$", "^src/app/features/[^/]+/[a-z]+/[a-zA-Z]*Store\\.ts$"];
const SESSION = "^src/app/session/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "No import cycle in src/core, src/server, src/app, src/cli or src/bridge, type-only and lazy imports included.",
      // test/fixtures/architecture holds the cycles that prove this rule fails (architecture.test.ts).
      from: { path: "^(src/core|src/server|src/app|src/cli|src/bridge|src/node|test/fixtures/architecture)/" },
      to: { circular: true },
    },
    {
      name: "jsonrpc-knows-no-mcp",
      severity: "error",
      comment: "src/core/jsonrpc is plain JSON-RPC: it imports only itself and src/core/util (transport imports jsonrpc, never the reverse).",
      from: { path: "^src/core/jsonrpc/" },
      to: { path: "^src/", pathNot: ["^src/core/jsonrpc/", "^src/core/util/", "^src/core/errors\\.ts$"] },
    },
    {
      name: "server-speaks-protocol",
      severity: "error",
      comment: "src/server imports the core only through the protocol entry (src/core/protocol/index.ts), type-only imports included; its tests may drive a client.",
      from: { path: "^src/server/", pathNot: TEST },
      to: { path: "^src/core/", pathNot: "^src/core/protocol/index\\.ts$" },
    },
    {
      name: "app-lib-at-the-bottom",
      severity: "error",
      comment: "src/app/lib and src/app/model.ts are the app's bottom layer: they import only each other and the core.",
      from: { path: LIB, pathNot: TEST },
      to: { path: "^src/app/", pathNot: LIB },
    },
    {
      name: "app-components-are-shared",
      severity: "error",
      comment: "src/app/components holds widgets any feature may show: they import only lib, model and each other.",
      from: { path: COMPONENTS, pathNot: TEST },
      to: { path: "^src/app/", pathNot: [LIB, COMPONENTS] },
    },
    {
      name: "app-state-below-session",
      severity: "error",
      comment: "A store (src/app/stores, a feature's <name>Store.ts) imports only lib, model and other stores: no components, no session, no feature code.",
      from: { path: STATE, pathNot: TEST },
      to: { path: "^src/app/", pathNot: [LIB, ...STATE] },
    },
    {
      name: "app-session-below-features",
      severity: "error",
      comment: "src/app/session (createSession, the controller, the hooks) imports lib, components, stores and itself; never a feature's code or the composition.",
      from: { path: SESSION, pathNot: TEST },
      to: { path: "^src/app/", pathNot: [LIB, COMPONENTS, ...STATE, SESSION] },
    },
    {
      name: "app-features-apart",
      severity: "error",
      comment: "A feature (src/app/features/<f>) never imports another feature (its store is state, below both); what two features share moves down to lib, components or session, what puts them together up to the composition.",
      from: { path: "^src/app/features/([^/]+)/", pathNot: TEST },
      to: { path: "^src/app/features/", pathNot: ["^src/app/features/$1/", ...STATE] },
    },
    {
      name: "cli-and-bridge-on-top",
      severity: "error",
      comment: "src/cli and src/bridge are faces over the cores (Node only): the core, the server and the app never import them, nor they each other.",
      from: { path: "^src/(core|server|app|cli|bridge)/", pathNot: TEST },
      to: { path: "^src/(cli|bridge)/", pathNot: "^src/$1/" },
    },
    {
      name: "node-below-cli-and-bridge",
      severity: "error",
      comment: "src/node holds what the CLI and the bridge both need of Node (the watchdog a stdio server runs under): only they import it, and it imports nothing of src (Node's own modules only), so neither face imports the other to share it.",
      from: { path: "^src/(core|server|app)/", pathNot: TEST },
      to: { path: "^src/node/" },
    },
    {
      name: "node-imports-node-only",
      severity: "error",
      comment: "src/node uses Node's own modules only, never the rest of src.",
      from: { path: "^src/node/", pathNot: TEST },
      to: { path: "^src/", pathNot: "^src/node/" },
    },
    {
      name: "app-composition-on-top",
      severity: "error",
      comment: "Nothing below imports the composition (src/app/*.ts(x) but model.ts, and src/app/views).",
      from: { path: "^src/app/.+/", pathNot: [TEST, "^src/app/views/"] },
      to: { path: "^src/app/([^/]+\\.tsx?$|views/)", pathNot: LIB },
    },
    {
      name: "mcp-knows-no-tasks",
      severity: "error",
      comment: "Tasks plug into the call runner through its host interface (TaskPlug in src/core/mcp/callHost.ts): src/core/mcp never imports src/core/tasks, type-only imports included; src/core/client.ts joins them.",
      from: { path: "^src/core/mcp/" },
      to: { path: "^src/core/tasks/" },
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
