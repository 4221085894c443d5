/**
 * The official MCP Apps SDK's self-contained bundle, as text, for the demo server embedded in the
 * page. Imported only with `import()` when an app's resource is read, so the bundler makes it a
 * chunk of its own, never part of the embedded servers' chunk or the first view.
 */
import source from "@modelcontextprotocol/ext-apps/app-with-deps?raw";

export async function loadAppSdkSource(): Promise<string> {
  return source;
}
