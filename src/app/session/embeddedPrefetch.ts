// main.tsx imports this module first, so its body runs before any other module of the page is
// evaluated: the embedded servers' chunk (./embedded.ts) is fetched while the first view's code
// evaluates, and is usually here when main.tsx connects. It imports nothing, so nothing runs before
// it; the controller loads the same module (the browser fetches it once) and reports a failure.
void import("./embedded").catch(() => undefined);
