// The requestState hashing is the platform's (node:crypto here, in Node), and it gives the same bytes
// as the pure-JS implementation a page uses: a token signed by one verifies with the other.
import { createHash, createHmac } from "node:crypto";
import { build } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pureStateCrypto } from "../core";
import { platformCrypto as nodeCrypto } from "./platformCrypto.node";
import { defaultStateCrypto, signState, verifyState } from "./token";

// Mostly token-sized text, sometimes past the 1 KiB the HMAC's per-key buffer starts with (so it grows).
const anyText = fc.oneof({ arbitrary: fc.string({ unit: "binary", maxLength: 300 }), weight: 9 }, { arbitrary: fc.string({ unit: "binary", minLength: 300, maxLength: 1500 }), weight: 1 });

describe("platform crypto for requestState", () => {
  it("is node:crypto in Node", () => {
    expect(defaultStateCrypto.name).toBe("node:crypto");
  });

  it("agrees with createHmac / createHash and with the pure implementation on any text", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 100 }), anyText, (key, text) => {
        const mac = createHmac("sha256", key).update(text, "utf8").digest("base64url");
        const digest = createHash("sha256").update(text, "utf8").digest("base64url");
        expect(nodeCrypto.hmacSha256(key, text)).toBe(mac);
        expect(pureStateCrypto.hmacSha256(key, text)).toBe(mac);
        expect(nodeCrypto.sha256(text)).toBe(digest);
        expect(pureStateCrypto.sha256(text)).toBe(digest);
      }),
      { numRuns: 1000 },
    );
  });

  it("agrees with createHmac for one key over texts of every length in turn, through the buffer's growth", () => {
    // One key keeps its buffers (and a view per message length) between calls: texts of the same
    // length with other content, a length past the buffer (it grows), then short ones again.
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 100 }), fc.array(anyText, { minLength: 1, maxLength: 30 }), (key, texts) => {
        for (const text of [...texts, ...texts.map((t) => t.split("").reverse().join(""))]) {
          expect(nodeCrypto.hmacSha256(key, text)).toBe(createHmac("sha256", key).update(text, "utf8").digest("base64url"));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("signs tokens the other implementation verifies", () => {
    const key = new TextEncoder().encode("shared-secret");
    const scope = { method: "tools/call", params: { name: "book", arguments: { room: "Ä", seats: 2 } }, caller: "anonymous" };
    const byNode = signState(key, { step: 1 }, scope, 1_000, 60_000, nodeCrypto);
    const byPure = signState(key, { step: 1 }, scope, 1_000, 60_000, pureStateCrypto);
    expect(byNode).toBe(byPure);
    expect(verifyState(key, byNode, scope, 2_000, pureStateCrypto)).toMatchObject({ ok: true });
    expect(verifyState(key, byPure, scope, 2_000, nodeCrypto)).toMatchObject({ ok: true });
  });

  it("a browser build resolves #platform-crypto to the pure implementation, never node:crypto", async () => {
    const bundle = async (platform: "browser" | "node") => {
      const out = await build({ entryPoints: ["src/server/token.ts"], bundle: true, platform, format: "esm", write: false, metafile: true, logLevel: "silent" });
      return { inputs: Object.keys(out.metafile.inputs), text: out.outputFiles[0]?.text ?? "" };
    };
    const browser = await bundle("browser");
    expect(browser.inputs).toContain("src/server/platformCrypto.web.ts");
    expect(browser.inputs).not.toContain("src/server/platformCrypto.node.ts");
    expect(browser.text).not.toContain("node:crypto");
    const node = await bundle("node");
    expect(node.inputs).toContain("src/server/platformCrypto.node.ts");
  });
});
