// The resolve hook of node20-shims.mjs: `fs` / `node:fs` imported from inside the conformance package
// resolves to fsWithGlob.mjs; every other import resolves as usual.
const SHIM = new URL("./fsWithGlob.mjs", import.meta.url).href;
const SCOPE = "/node_modules/@modelcontextprotocol/conformance/";

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === "fs" || specifier === "node:fs") && context.parentURL?.includes(SCOPE)) {
    return { url: SHIM, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
