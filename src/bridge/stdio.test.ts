// The bridge with real stdio servers: our demo server in both eras (2026-07-28 over stdio too, and
// 2025-11-25 with live elicitation requests), a server that prints garbage, one that exits, and one
// that is not there; the bridge stays up through all of them.
import { afterAll, describe, expect, it } from "vitest";
import { Client, connect, text, type McpError, type Frame, BridgeStdioTransport, bridgeInfo, type BridgeEndpoint, type ExitInfo } from "../core";
import { answers } from "../../test/support/seed";
import type { RunningBridge } from "./server";
import { closeBridges, demoStdioSpec, fixtureSpec, nodeScript, testBridge } from "../../test/support/bridge";

afterAll(closeBridges);

interface Spawned {
  transport: BridgeStdioTransport;
  stderr: string[];
  garbage: string[];
  exited: Promise<ExitInfo>;
}

async function spawnVia(endpoint: BridgeEndpoint, spec: Parameters<typeof BridgeStdioTransport.spawn>[1]): Promise<Spawned> {
  const stderr: string[] = [];
  const garbage: string[] = [];
  let onExit: (exit: ExitInfo) => void = () => undefined;
  const exited = new Promise<ExitInfo>((resolve) => (onExit = resolve));
  const transport = await BridgeStdioTransport.spawn(endpoint, spec, {
    onStderr: (line) => stderr.push(line),
    onStdoutGarbage: (line) => garbage.push(line),
    onExit,
  });
  return { transport, stderr, garbage, exited };
}

function framesOf(client: Client): Frame[] {
  const frames: Frame[] = [];
  client.connection.frames.subscribe((f) => frames.push(f));
  return frames;
}

/** The bridge's side of a session: its exit is seen even after the page stopped listening. */
function exitOnBridge(bridge: RunningBridge, s: Spawned): Promise<ExitInfo> {
  const session = bridge.sessions.get(s.transport.session.id);
  if (!session) throw new Error("no such session on the bridge");
  return new Promise((resolve) => session.onExit(resolve));
}

/** Waits for `check` to hold; no deadline of its own (a busy machine is slow), the test's timeout is the only one. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

describe("the demo server's stdio entry through the bridge", async () => {
  const bridge = await testBridge();
  const endpoint = { url: bridge.url, token: bridge.token };

  it("2026-07-28 over stdio: discover, then greet and two-steps with input_required retries", async () => {
    const s = await spawnVia(endpoint, demoStdioSpec());
    const exited = exitOnBridge(bridge, s);
    const client = await connect(s.transport, { handlers: answers });
    try {
      expect(client.revision).toBe("2026-07-28");
      expect(client.era).toBe("modern");
      expect(text(await client.callTool("greet"))).toBe("Hello, Ada!");
      expect(text(await client.callTool("two-steps"))).toBe("Ada likes blue");
      await until(() => s.stderr.some((l) => l.startsWith("presa demo server on stdio")));
    } finally {
      await client.close();
    }
    expect((await exited).code).toBe(0);
  });

  it("2025-11-25 over stdio: initialize, then live elicitation/create requests answered in the call", async () => {
    const s = await spawnVia(endpoint, demoStdioSpec());
    const client = new Client(s.transport, { versions: ["2025-11-25"], handlers: answers });
    const frames = framesOf(client);
    await client.open();
    try {
      expect(client.revision).toBe("2025-11-25");
      expect(text(await client.callTool("greet"))).toBe("Hello, Ada!");
      expect(text(await client.callTool("two-steps"))).toBe("Ada likes blue");
      const live = frames.filter((f) => f.direction === "in" && f.message && "method" in f.message && f.message.method === "elicitation/create");
      expect(live).toHaveLength(3);
      // Frames come as the server printed them.
      for (const f of frames.filter((x) => x.direction === "in")) expect(f.raw).toBe(JSON.stringify(f.message));
    } finally {
      await client.close();
    }
  });

  it("auto negotiation over stdio picks 2026-07-28 from a dual-era server", async () => {
    const s = await spawnVia(endpoint, demoStdioSpec());
    const client = await connect(s.transport, { handlers: answers });
    expect(client.revision).toBe("2026-07-28");
    await client.close();
  });

  it("a legacy-only stdio server: the probe fails and the client falls back to initialize", async () => {
    const s = await spawnVia(endpoint, demoStdioSpec(["--versions", "2025-11-25,2025-06-18"]));
    const client = await connect(s.transport, { handlers: answers });
    expect(client.revision).toBe("2025-11-25");
    expect(text(await client.callTool("greet"))).toBe("Hello, Ada!");
    await client.close();
  });

  it("non-JSON lines on stdout are broken frames; the session goes on", async () => {
    const s = await spawnVia(endpoint, fixtureSpec("noisyStdio.ts"));
    const client = new Client(s.transport, { handlers: answers });
    const frames = framesOf(client);
    await client.open();
    try {
      expect(text(await client.callTool("greet"))).toBe("Hello, Ada!");
      await until(() => s.garbage.length === 2);
      expect(s.garbage).toEqual(["Starting noisy server... (this line is not JSON-RPC)", "{ not json either"]);
      const broken = frames.filter((f) => f.message === undefined);
      expect(broken.map((f) => f.raw)).toEqual(s.garbage);
      expect(broken[0]?.error).toMatch(/bad frame from server: not JSON/);
      expect(s.stderr).toContain("noisy: ready on stdio");
    } finally {
      await client.close();
    }
  });

  it("thousands of lines at once, on stdout and stderr, reach the page whole, in order, as written", async () => {
    // One write each of many short lines, a long line across many pipe reads, CRLF line ends, a bare
    // carriage return, text past ASCII (split across reads too), and an unterminated last line.
    const script = [
      "const out = [];",
      "for (let i = 0; i < 5000; i++) out.push('out ' + i);",
      "out.push('é€𝄞 wide', 'crlf\\r', 'progress\\r50%', '', 'z'.repeat(300000));",
      "process.stdout.write(out.join('\\n') + '\\nno newline at the end');",
      "const err = [];",
      "for (let i = 0; i < 5000; i++) err.push('err ' + i);",
      "process.stderr.write(err.join('\\r\\n') + '\\r\\nlast words\\n');",
    ].join(" ");
    const s = await spawnVia(endpoint, nodeScript(script));
    const exit = await s.exited;
    const out = [...Array.from({ length: 5000 }, (_, i) => `out ${i}`), "é€𝄞 wide", "crlf", "progress\r50%", "", "z".repeat(300000), "no newline at the end"];
    await until(() => s.garbage.length === out.length);
    expect(s.garbage).toEqual(out);
    expect(s.stderr).toEqual([...Array.from({ length: 5000 }, (_, i) => `err ${i}`), "last words"]);
    expect(exit.stderrTail).toEqual([...Array.from({ length: 49 }, (_, i) => `err ${4951 + i}`), "last words"]);
  });

  it("a server that exits: a clear error with the code and its last stderr, and the bridge stays up", async () => {
    const s = await spawnVia(endpoint, nodeScript("console.log('oops, not a server'); console.error('fatal: missing API_KEY'); process.exit(3)"));
    const error = await connect(s.transport, { handlers: answers }).then(
      () => undefined,
      (e: McpError) => e,
    );
    expect(error?.kind).toBe("closed");
    expect(error?.message).toMatch(/exited with code 3; last stderr: fatal: missing API_KEY/);
    const exit = await s.exited;
    expect(exit).toMatchObject({ code: 3, signal: null, stderrTail: ["fatal: missing API_KEY"] });
    expect(s.garbage).toEqual(["oops, not a server"]);
    expect((await bridgeInfo(endpoint)).name).toBe("presa-bridge");
  });

  it("a server that exits in the middle of a call fails the call with the exit", async () => {
    const script = `
      process.stdin.setEncoding("utf8");
      let buf = "";
      process.stdin.on("data", (c) => {
        buf += c;
        for (let i; (i = buf.indexOf("\\n")) >= 0; buf = buf.slice(i + 1)) {
          const m = JSON.parse(buf.slice(0, i));
          if (m.method === "initialize") console.log(JSON.stringify({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "dies", version: "1" } } }));
          if (m.method === "tools/call") { console.error("crashing now"); process.exit(9); }
        }
      });`;
    const s = await spawnVia(endpoint, nodeScript(script));
    const client = await connect(s.transport, { versions: ["2025-11-25"] });
    const error = await client.callTool("anything").then(
      () => undefined,
      (e: McpError) => e,
    );
    expect(error?.message).toMatch(/exited with code 9; last stderr: crashing now/);
  });

  it("a command that does not exist is refused with 422 and spawns nothing that runs", async () => {
    const error = await BridgeStdioTransport.spawn(endpoint, { command: "/no/such/mcp-server", args: [], env: {} }).then(
      () => undefined,
      (e: McpError) => e,
    );
    expect(error?.status).toBe(422);
    expect(error?.message).toMatch(/could not start "\/no\/such\/mcp-server": spawn \/no\/such\/mcp-server ENOENT/);
    expect(error?.reason).toEqual({ type: "bridge", code: "spawn-failed" });
  });

  it("env and cwd reach the process exactly; the bridge's other variables do not", async () => {
    process.env.PRESA_TEST_SECRET = "must-not-leak";
    const s = await spawnVia(endpoint, {
      command: process.execPath,
      args: ["-e", "console.error(JSON.stringify({ cwd: process.cwd(), mine: process.env.MINE, leaked: process.env.PRESA_TEST_SECRET ?? null, path: Boolean(process.env.PATH) }))"],
      env: { MINE: "a value with spaces" },
      cwd: "/tmp",
    });
    const exit = await s.exited;
    delete process.env.PRESA_TEST_SECRET;
    expect(JSON.parse(exit.stderrTail[0] ?? "{}")).toEqual({ cwd: "/tmp", mine: "a value with spaces", leaked: null, path: true });
    expect(s.transport.session.spec).toEqual({ command: process.execPath, args: expect.any(Array), env: { MINE: "a value with spaces" }, cwd: "/tmp" });
    await s.transport.close();
  });

  it("closing the transport stops the process (stdin closed first) and forgets the session", async () => {
    const s = await spawnVia(endpoint, demoStdioSpec());
    const exited = exitOnBridge(bridge, s);
    const client = await connect(s.transport, { handlers: answers });
    await client.close();
    // The demo server exits by itself when stdin ends: no signal was needed.
    expect(await exited).toMatchObject({ code: 0, signal: null });
    expect(bridge.sessions.get(s.transport.session.id)).toBeUndefined();
  });

  it("a process that ignores stdin's end and SIGTERM is killed", async () => {
    const s = await spawnVia(endpoint, nodeScript("process.on('SIGTERM', () => console.error('ignoring SIGTERM')); setInterval(() => {}, 1000); console.error('up')"));
    await until(() => s.stderr.includes("up"));
    const exited = exitOnBridge(bridge, s);
    const started = Date.now();
    await s.transport.close();
    const exit = await exited;
    expect(exit.signal).toBe("SIGKILL");
    expect(exit.stderrTail).toEqual(["up", "ignoring SIGTERM"]);
    // Two grace periods at least (stdin's end, then SIGTERM, both ignored); only a lower bound, which a busy machine cannot break.
    expect(Date.now() - started).toBeGreaterThan(3500);
  }, 60_000);
});

describe("sessions and their slots", async () => {
  const bridge = await testBridge();
  const endpoint = { url: bridge.url, token: bridge.token };

  it("an exited session frees its slot at once; its output and exit stay readable", async () => {
    const { MAX_SESSIONS } = await import("./registry");
    // Fill every slot with servers that exit at once, with nobody reading them.
    const ids: string[] = [];
    for (let i = 0; i < MAX_SESSIONS; i++) {
      const response = await fetch(`${bridge.url}/sessions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${bridge.token}`, "Content-Type": "application/json" },
        body: JSON.stringify(nodeScript(`console.error('bye ${i}'); process.exit(${i % 3})`)),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    // No DELETE, no 30 s timeout: as soon as the processes are gone, the slots are free again.
    await until(() => bridge.sessions.size === 0);
    const s = await spawnVia(endpoint, nodeScript("console.error('still room'); setTimeout(() => {}, 200)"));
    await until(() => s.stderr.includes("still room"));
    // The first one's exit (and its stderr) is still there for a page that attaches late.
    const late = bridge.sessions.get(ids[0] ?? "");
    expect(late?.exit).toMatchObject({ code: 0, stderrTail: ["bye 0"] });
    await s.transport.close();
  }, 30_000);

  it("a line past the per-line cap is cut, and the page is told in words", async () => {
    const { STDOUT_LINE_MAX } = await import("./stdioSession");
    const s = await spawnVia(endpoint, nodeScript(`process.stdout.write('x'.repeat(${STDOUT_LINE_MAX} + 1000) + '\\n'); console.error('done'); setTimeout(() => {}, 300)`));
    await until(() => s.stderr.some((l) => l.startsWith("[presa bridge]")) && s.garbage.length > 0);
    expect(s.stderr).toContain(`[presa bridge] a stdout line longer than ${STDOUT_LINE_MAX} bytes was cut to that length (1 so far); it reaches the page as a broken frame`);
    expect(s.garbage[0]?.length).toBe(STDOUT_LINE_MAX);
    await s.transport.close();
  }, 20_000);
});

describe("a paused session", async () => {
  const bridge = await testBridge();

  it("a server paused because nobody reads is stopped by SIGTERM, its exit seen", async () => {
    const response = await fetch(`${bridge.url}/sessions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bridge.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(nodeScript("const l = 'y'.repeat(1 << 20) + '\\n'; (function w() { for (;;) if (!process.stdout.write(l)) return process.stdout.once('drain', w); })(); setInterval(() => {}, 1000)")),
    });
    const { id } = (await response.json()) as { id: string };
    const session = bridge.sessions.get(id);
    await until(() => session?.paused === true);
    const { BACKLOG_MAX_BYTES } = await import("./stdioSession");
    expect(session?.backlogBytes).toBeGreaterThanOrEqual(BACKLOG_MAX_BYTES);
    expect(session?.backlogBytes).toBeLessThan(BACKLOG_MAX_BYTES + 2 * 1024 * 1024);
    // stdin's end is ignored, SIGTERM ends it, and its exit is seen although its output was paused.
    // A generous grace, so that a busy machine's slow exit is not taken for a server ignoring SIGTERM
    // (then SIGKILL would follow, and the test would fail for the machine's speed).
    await bridge.sessions.stop(id, 8000);
    expect(session?.exit?.signal).toBe("SIGTERM");
  }, 60_000);
});
