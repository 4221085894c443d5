/**
 * Runs a Node part of the bench (core, http) in its own process, from a bundle made by esbuild.
 * Both sides of each comparison then run as built JavaScript: the SDK as it ships (its dist, left
 * external), ours bundled the way the app is. Running our TypeScript through tsx instead would add
 * its keepNames wrappers (`__name(...)` around every function made at run time) to our side only.
 * A process per part also keeps one part's heap and JIT state out of the next one's numbers.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import type { Figure } from "./figures";

const OUT_DIR = resolve("bench/.out");

export async function runNodePart(name: string, log: (line: string) => void): Promise<Figure[]> {
  mkdirSync(OUT_DIR, { recursive: true });
  const bundle = join(OUT_DIR, `${name}.mjs`);
  const result = join(OUT_DIR, `${name}.json`);
  rmSync(result, { force: true });
  await build({
    stdin: {
      contents: [
        `import { writeFileSync } from "node:fs";`,
        `import { run } from "./${name}";`,
        `const figures = await run((line) => console.log(line));`,
        `writeFileSync(process.env.BENCH_OUT, JSON.stringify(figures));`,
        `process.exit(0);`,
      ].join("\n"),
      resolveDir: resolve("bench"),
      sourcefile: `${name}-entry.ts`,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: bundle,
    logLevel: "warning",
  });
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, ["--expose-gc", bundle], { env: { ...process.env, BENCH_OUT: result }, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.setEncoding("utf8");
    let buffered = "";
    child.stdout.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) log(line);
    });
    child.on("error", fail);
    child.on("exit", (code, signal) => (code === 0 ? done() : fail(new Error(`bench part ${name} exited with ${signal ?? code}`))));
  });
  return JSON.parse(readFileSync(result, "utf8")) as Figure[];
}
