// typescript-eslint's recommended rules plus the layering of the house style ("Layout"): imports only point
// downward (app → server → core), outside code uses the core's entry, core and server stay framework-free,
// and modules import no cycles (type-only cycles are .dependency-cruiser.cjs's, which `npm run lint` runs too).
import { defineConfig } from "eslint/config";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

/** UI frameworks and their state/query libraries: only src/app may use them. */
const frameworkImports = {
  paths: ["react", "react-dom", "zustand"].map((name) => ({
    name,
    message: "src/core and src/server are framework-free; React and its stores live in src/app.",
  })),
  patterns: [
    {
      group: ["react/*", "react-dom/*", "zustand/*", "@tanstack/*"],
      message: "src/core and src/server are framework-free; React, zustand and TanStack live in src/app.",
    },
  ],
};

/** Which folder may import which (import-x/no-restricted-paths). */
const zones = [
  {
    target: "./src/core",
    from: "./src/server",
    message: "src/core is the lowest layer: it must not import the reference server.",
  },
  { target: "./src/core", from: "./src/app", message: "src/core must not import the app." },
  {
    target: "./src/server",
    from: "./src",
    except: ["./core", "./server"],
    message: "src/server may import only src/core and itself.",
  },
  {
    target: ["./src/core", "./src/server", "./src/app"],
    from: "./src/bridge",
    message: "src/bridge is the Node-only local bridge: the page and the cores never import it.",
  },
  { target: "./src/bridge", from: "./src/app", message: "src/bridge must not import the app." },
  {
    target: "./src/cli",
    from: ["./src/app", "./src/bridge"],
    message: "src/cli is another face over the core (and the demo server for --embedded): no app, no bridge.",
  },
  {
    target: ["./src/core", "./src/server", "./src/app", "./src/bridge"],
    from: "./src/cli",
    message: "Nothing imports the command line (src/cli); it sits on top.",
  },
  {
    // The core's entry: code outside src/core imports src/core/index.ts (or the recordings'
    // entry), never a file inside. test/fixtures/architecture/deepImport.ts proves it fails. The icon
    // vetting is an entry of its own because the app loads it as a chunk of its own.
    target: ["./src/app", "./src/server", "./src/bridge", "./src/cli", "./bin", "./bench", "./scripts", "./e2e", "./test"],
    from: "./src/core",
    except: ["./index.ts", "./protocol/index.ts", "./recording/index.ts", "./apps/index.ts", "./protocol/icons.ts"],
    message: "Import the core through an entry, src/core/index.ts (the client), src/core/protocol/index.ts (what the server shares), src/core/recording/index.ts, src/core/apps/index.ts (the MCP Apps host) or src/core/protocol/icons.ts (icon vetting), not a file inside it.",
  },
  {
    target: "./src",
    from: ["./bin", "./scripts", "./e2e"],
    message: "Launchers and e2e specs sit above src; src never imports them.",
  },
  // The app's order (.dependency-cruiser.cjs states it in full, type-only imports included): lib,
  // model and the shared components at the bottom, the composition (src/app/*.tsx, views/) on top.
  {
    target: ["./src/app/lib", "./src/app/model.ts", "./src/app/components"],
    from: ["./src/app/stores", "./src/app/session", "./src/app/features", "./src/app/views", "./src/app/main.tsx", "./src/app/App.tsx", "./src/app/compose.ts", "./src/app/providers.tsx", "./src/app/prefetchForms.ts", "./src/app/prefetchStart.ts"],
    message: "src/app/lib, model.ts and components are the app's bottom layer: they import no store, session, feature or composition.",
  },
  {
    target: ["./src/app/stores", "./src/app/session", "./src/app/features"],
    from: ["./src/app/views", "./src/app/main.tsx", "./src/app/App.tsx", "./src/app/compose.ts", "./src/app/providers.tsx", "./src/app/prefetchForms.ts", "./src/app/prefetchStart.ts"],
    message: "The composition (src/app/*.tsx, compose.ts, prefetchForms.ts, prefetchStart.ts, views/) sits on top: nothing below imports it.",
  },
];

/** Code that ships (tests excepted): never imports test/ or e2e/, and the server sees only the protocol entry. */
const productionZones = [
  ...zones,
  {
    // The reference server speaks the protocol and needs none of the client (its tests may drive one).
    target: "./src/server",
    from: "./src/core",
    except: ["./protocol/index.ts"],
    message: "src/server imports the core only through the protocol entry, src/core/protocol/index.ts.",
  },
  {
    target: "./src",
    from: ["./test", "./e2e"],
    message: "Code that ships never imports test/ or e2e/ (helpers for tests live in test/support and are imported by tests only).",
  },
];

export default defineConfig(
  {
    ignores: ["dist/", "dist-*/", "bench/.out/", "test/.out/", "node_modules/", "test-results/", "playwright-report/", "coverage/",
      // Files that break the dependency rules on purpose, linted only by test/architecture/architecture.test.ts.
      "test/fixtures/architecture/"],
  },
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these two, import-x skips .ts dependencies when building its export map, and no-cycle sees nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones }],
      // Tests and launchers may need an escape hatch; the cores may not (see the override below).
      "@typescript-eslint/no-explicit-any": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["src/core/**/*.{ts,tsx}", "src/server/**/*.{ts,tsx}", "src/bridge/**/*.{ts,tsx}", "src/cli/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", frameworkImports],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: productionZones }] },
  },
  {
    // Specs take test/expect from e2e/support/test.ts, whose fixture fails a test on a console error
    // or an uncaught page error; types may still come from @playwright/test.
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", importNames: ["test", "expect"], message: "Import test and expect from ./support/test: it fails the test on console errors and uncaught page errors." }] }],
    },
  },
);
