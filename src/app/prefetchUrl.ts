// What a page opened on a server URL (`?target=http…`) fetches at start, from prefetchStart.ts: the
// HTTP transports (session/remote.ts), so the request the user's Connect sends goes at once, and the
// parts the first view draws for such a target (the URL form, the sign-in panel, the canned answers'
// panel). None of this sends anything to that server.
for (const chunk of [
  import("./session/remote"),
  import("./features/connection/components/UrlTargetForm"),
  import("./features/auth/components/AuthPanel"),
  import("./features/canned/components/CannedPanel"),
]) {
  void chunk.catch(() => undefined);
}

export {};
