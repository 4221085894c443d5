export {};

// Lazy chunks (the rjsf forms engine) load through dynamic import; on a busy 2-core CI machine that can
// take longer than Testing Library's default 1 s wait, so findBy* queries wait up to 5 s.
// Only the component tests (a jsdom docblock) use Testing Library: the other files, most of the run,
// do not pay for importing it.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 5000 });
}
