import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { signState, verifyState, createStateKey } from "/work/main/src/server/token";
const key = createStateKey("presa-demo-secret");
const scope = { method: "tools/call", params: { name: "two-steps", arguments: {} }, caller: "bench" };
const state = { step: 1 };
const token = signState(key, state, scope, Date.now(), 300000);
const signed = new TextEncoder().encode(token.slice(0, token.lastIndexOf(".")));
console.log(token.length, signed.length);
function time(name: string, f: () => void) {
  for (let i = 0; i < 20000; i++) f();
  const N = 100000; const t0 = performance.now();
  for (let i = 0; i < N; i++) f();
  const us = (performance.now() - t0) * 1000 / N;
  console.log(name, us.toFixed(2), "us");
  return us;
}
let sink = 0;
for (let r = 0; r < 3; r++) {
const a = time("sign+verify", () => { const t = signState(key, state, scope, 1e12, 300000); const v = verifyState(key, t, scope, 1e12 + 1); if (v.ok) sink++; });
const b = time("hmac x2", () => { const m1 = hmac(sha256, key, signed); const m2 = hmac(sha256, key, signed); if (m1[0] === m2[0]) sink++; });
const c = time("hmac x1", () => { const m1 = hmac(sha256, key, signed); if (m1[0]) sink++; });
console.log("ratio x2", (a / b).toFixed(2), "ratio x1", (a / c).toFixed(2));
}
