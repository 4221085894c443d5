// main.tsx imports this module first, so its body runs before any other module of the page is
// evaluated: the code the page needs next is fetched while the first view's code evaluates, instead
// of being asked for when that code runs (at the first render, or at the first connect), a round
// trip later. Each chunk is imported here, not through a chunk listing them: Vite's preload helper
// asks at once for an imported chunk's files, but runs the import() itself a microtask later, which
// during the first view's evaluation comes only after all of its modules have run (some 150 ms), and
// a listing chunk's own imports would wait for that. Which code depends on where the page opens:
// - a link naming a server URL (`?target=http…`, README "Deep links"): the HTTP transports
//   (session/remote.ts), so the request the user's Connect sends goes at once, and the parts the
//   first view draws for such a target (the URL form, the sign-in panel, the canned answers'
//   panel), sending nothing to that server. The embedded servers' chunk is then not needed (it loads
//   if the user picks them);
// - any other page: the embedded demo server's chunk (session/embedded.ts), which the page connects
//   to by itself.
// The test is a prefix check, not the link's reading (stores/deepLink.ts decides what a link means):
// whichever chunk a connection or a part needs is loaded where it is used anyway, so a wrong guess
// costs only time. This module imports nothing, so nothing runs before it; the browser fetches each
// chunk once, and its users report a failure to load it.
const target = new URLSearchParams(window.location.search).get("target");
const chunks =
  target !== null && /^https?:\/\//i.test(target)
    ? [
        import("./session/remote"),
        import("./features/connection/components/UrlTargetForm"),
        import("./features/auth/components/AuthPanel"),
        import("./features/canned/components/CannedPanel"),
      ]
    : [import("./session/embedded")];
for (const chunk of chunks) void chunk.catch(() => undefined);

export {};
