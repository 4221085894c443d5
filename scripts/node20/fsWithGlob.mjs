// node:fs plus globSync (Node 22+), for the conformance suite on Node 20 (bundled in place of its `fs`
// imports: test/support/entries.ts). The suite calls it once, as
// globSync("**/checks.json", {cwd}) in its tier-check report; this covers `*`, `**`, `?` and literal
// segments, relative to `cwd`, and returns relative paths like Node's.
import fs from "node:fs";
import path from "node:path";

export * from "node:fs";
export default fs;

function segmentRegex(segment) {
  const body = segment.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]");
  return new RegExp(`^${body}$`);
}

function matches(parts, segments) {
  if (segments.length === 0) return parts.length === 0;
  const [head, ...rest] = segments;
  if (head === "**") {
    for (let i = 0; i <= parts.length; i++) if (matches(parts.slice(i), rest)) return true;
    return false;
  }
  return parts.length > 0 && segmentRegex(head).test(parts[0]) && matches(parts.slice(1), rest);
}

function walk(root, rel, out) {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
    out.push(child);
    if (entry.isDirectory()) walk(root, child, out);
  }
}

export function globSync(pattern, options = {}) {
  const cwd = options.cwd === undefined ? process.cwd() : String(options.cwd);
  const patterns = Array.isArray(pattern) ? pattern : [pattern];
  const all = [];
  walk(cwd, "", all);
  return all.filter((p) => patterns.some((pat) => matches(p.split("/"), String(pat).split("/").filter((s) => s !== ""))));
}
