// main.tsx imports this module first, so its body runs before any other module of the page is
// evaluated: the code the page needs next is fetched while the first view's code evaluates, instead
// of being asked for when that code runs (at the first render, or at the first connect), a round
// trip later. Which code depends on where the page opens:
// - a link naming a server URL (`?target=http…`, README "Deep links"): what prefetchUrl.ts lists
//   (the HTTP transports and the parts the first view draws for such a target), sending nothing to
//   that server. The embedded servers' chunk is then not needed (it loads if the user picks them);
// - any other page: the embedded demo server's chunk (session/embedded.ts), which the page connects
//   to by itself.
// The test is a prefix check, not the link's reading (stores/deepLink.ts decides what a link means):
// whichever chunk a connection or a part needs is loaded where it is used anyway, so a wrong guess
// costs only time. This module imports nothing, so nothing runs before it; the browser fetches each
// chunk once, and its users report a failure to load it.
const target = new URLSearchParams(window.location.search).get("target");
// The list for a server URL is a chunk of its own (prefetchUrl.ts): its four imports would add their
// chunks' names to the first view, which most pages (the embedded demo) never use.
void (target !== null && /^https?:\/\//i.test(target) ? import("./prefetchUrl") : import("./session/embedded")).catch(() => undefined);
