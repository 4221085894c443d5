// `npm start`'s app server (the production build users run) and `npm run dev`'s Vite dev server:
// never framed (no clickjacking), the build's files only, the bridge handed over in index.html to its own Host only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startAppServer, type RunningAppServer } from "./appServer";
import { REPO } from "../../test/support/bridge";

function get(port: number, path: string, host = `127.0.0.1:${port}`, method = "GET"): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers: { Host: host }, setHost: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("npm start's app server", async () => {
  const root = mkdtempSync(join(tmpdir(), "presa-app-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><html><head><title>t</title></head><body></body></html>");
  writeFileSync(join(root, "assets", "app.js"), "console.log(1)");
  writeFileSync(join(root, "sandbox.html"), "<!doctype html><title>sandbox</title>");
  writeFileSync(join(tmpdir(), "presa-secret-outside.txt"), "secret");
  const app: RunningAppServer = await startAppServer({ root, bridge: { url: "http://127.0.0.1:9", token: 'tok"<&>' } });
  afterAll(() => app.close());

  it("index.html carries the bridge in an escaped meta element, not cached, with the CSP and no-frame headers", async () => {
    const answer = await get(app.port, "/");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<meta name="presa-bridge" content="{&quot;url&quot;:&quot;http://127.0.0.1:9&quot;,&quot;token&quot;:&quot;tok\\&quot;&lt;&amp;&gt;&quot;}" />');
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self';.*frame-ancestors 'none'$/);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it.each([
    ["another Host (DNS rebinding)", "/", "rebind.example:PORT", "GET", 403],
    ["a file of the build", "/assets/app.js", "127.0.0.1:PORT", "GET", 200],
    ["a path outside the build", "/../presa-secret-outside.txt", "127.0.0.1:PORT", "GET", 404],
    ["an encoded path outside the build", "/%2e%2e/presa-secret-outside.txt", "127.0.0.1:PORT", "GET", 404],
    ["a missing file", "/nope.js", "127.0.0.1:PORT", "GET", 404],
    ["a POST", "/", "127.0.0.1:PORT", "POST", 405],
  ])("%s → %i", async (_name, path, host, method, status) => {
    const answer = await get(app.port, path, host.replace("PORT", String(app.port)), method);
    expect(answer.status).toBe(status);
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.body).not.toContain("secret");
  });
});

describe("npm start's app server, while the build is made again", async () => {
  const root = mkdtempSync(join(tmpdir(), "presa-app-"));
  const page = (script: string) => `<!doctype html><html><head><script type="module" src="assets/${script}"></script></head></html>`;
  writeFileSync(join(root, "index.html"), page("index-OLD.js"));
  const app: RunningAppServer = await startAppServer({ root, bridge: { url: "http://127.0.0.1:9", token: "t" } });
  afterAll(() => app.close());

  it("serves the index.html on disk now, so a reload after a rebuild names the new files; none at all is a 503 in words", async () => {
    expect((await get(app.port, "/")).body).toContain("index-OLD.js");
    rmSync(join(root, "index.html"));
    const missing = await get(app.port, "/");
    expect(missing.status).toBe(503);
    expect(missing.body).toContain("has no index.html right now (is it being built again?)");
    writeFileSync(join(root, "index.html"), page("index-NEW.js"));
    const rebuilt = await get(app.port, "/");
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body).toContain("index-NEW.js");
    expect(rebuilt.body).toContain('<meta name="presa-bridge"');
  });
});

describe("npm start's MCP Apps sandbox page", async () => {
  const root = mkdtempSync(join(tmpdir(), "presa-app-"));
  writeFileSync(join(root, "index.html"), "<!doctype html><html><head></head></html>");
  writeFileSync(join(root, "sandbox.html"), "<!doctype html><title>sandbox</title>");
  const app: RunningAppServer = await startAppServer({ root });
  afterAll(() => app.close());

  it("may be framed only by the app under its two loopback names, and carries no script policy", async () => {
    const answer = await get(app.port, "/sandbox.html", `localhost:${app.port}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("<title>sandbox</title>");
    expect(answer.headers["x-frame-options"]).toBeUndefined();
    expect(answer.headers["content-security-policy"]).toBe(`frame-ancestors http://127.0.0.1:${app.port} http://localhost:${app.port}`);
  });

  it("is still refused to other Hosts", async () => {
    expect((await get(app.port, "/sandbox.html", "rebind.example")).status).toBe(403);
  });
});

describe("npm run dev's Vite dev server", () => {
  it("is not framed: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const { createServer } = await import("vite");
    const vite = await createServer({ root: REPO, configFile: `${REPO}/vite.config.ts`, logLevel: "silent", server: { port: 0, strictPort: false, hmr: false } });
    await vite.listen();
    try {
      const port = Number(new URL(vite.resolvedUrls?.local[0] ?? "").port);
      const answer = await get(port, "/");
      expect(answer.status).toBe(200);
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
    } finally {
      await vite.close();
    }
  }, 30_000);
});
