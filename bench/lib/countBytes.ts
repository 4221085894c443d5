/**
 * Counts a byte stream's bytes after its first line (a firehose's "ready" line), timed from that
 * line's arrival. JavaScript source, run in a page or in a worker: a string, so nothing a build
 * step adds to a function goes with it. Called with a ReadableStream; resolves to { bytes, ms }.
 */
export const COUNT_BODY = `async (body) => {
  const reader = body.getReader();
  let started = -1;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (started < 0) {
      started = performance.now();
      bytes += value.length - (value.indexOf(10) + 1);
    } else bytes += value.length;
  }
  return { bytes, ms: performance.now() - started };
}`;
