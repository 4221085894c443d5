/**
 * The official MCP Apps SDK's self-contained bundle (`@modelcontextprotocol/ext-apps/app-with-deps`),
 * read from node_modules, for the demo server's apps in Node (`npm run server`, the tests). The
 * `#app-sdk-source` import resolves here under the `node` condition; a page build gets
 * sdkSource.web.ts. Where the package is not installed (a packed command line), the read fails and
 * the app's resource says so.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export async function loadAppSdkSource(): Promise<string> {
  return readFile(fileURLToPath(import.meta.resolve("@modelcontextprotocol/ext-apps/app-with-deps")), "utf8");
}
