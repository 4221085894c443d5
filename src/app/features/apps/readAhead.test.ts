import { describe, expect, it } from "vitest";
import { APP_MIME_TYPE } from "../../../core/apps";
import { createReadAhead } from "./readAhead";

const doc = (uri: string) => ({ contents: [{ uri, mimeType: APP_MIME_TYPE, text: `<p>${uri}</p>` }] });

/** A read function that counts its reads per URI and answers as `answer` says. */
function reader(answer: (uri: string) => Promise<Record<string, unknown>> = async (uri) => doc(uri)) {
  const count = new Map<string, number>();
  const read = (uri: string) => {
    count.set(uri, (count.get(uri) ?? 0) + 1);
    return answer(uri);
  };
  return { read, count };
}

/** Wants each of `uris` on connection `id`, in order. */
const want = (reads: ReturnType<typeof createReadAhead>, id: number, uris: string[]): void => uris.forEach((uri) => reads.want(id, uri));

describe("createReadAhead", () => {
  it("reads each wanted app document once per connection, and gives it back only on that connection", async () => {
    const { read, count } = reader();
    const reads = createReadAhead(read);
    want(reads, 1, ["ui://a", "ui://a", "ui://b"]);
    want(reads, 1, ["ui://a", "ui://b"]);
    expect(Object.fromEntries(count)).toEqual({ "ui://a": 1, "ui://b": 1 });
    expect(await reads.get(1, "ui://a")).toEqual(doc("ui://a"));
    expect(reads.get(2, "ui://a")).toBeUndefined();
    expect(reads.get(1, "ui://c")).toBeUndefined();
    // A new connection: what the old one read is gone, and wanting it reads again.
    want(reads, 2, ["ui://a"]);
    expect(count.get("ui://a")).toBe(2);
    expect(reads.get(1, "ui://b")).toBeUndefined();
    expect(reads.get(2, "ui://b")).toBeUndefined();
  });

  it("forgets everything on list_changed, one document on resources/updated, all on reset", async () => {
    const { read, count } = reader();
    const reads = createReadAhead(read);
    want(reads, 1, ["ui://a", "ui://b"]);
    reads.changed("ui://a");
    expect(reads.get(1, "ui://a")).toBeUndefined();
    expect(await reads.get(1, "ui://b")).toEqual(doc("ui://b"));
    want(reads, 1, ["ui://a", "ui://b"]);
    expect(Object.fromEntries(count)).toEqual({ "ui://a": 2, "ui://b": 1 });
    reads.changed();
    expect(reads.get(1, "ui://a")).toBeUndefined();
    expect(reads.get(1, "ui://b")).toBeUndefined();
    want(reads, 1, ["ui://a"]);
    reads.reset();
    expect(reads.get(1, "ui://a")).toBeUndefined();
  });

  it("keeps no failed read (the app reads it itself); a document it cannot be shown from is kept, for the app to explain", async () => {
    const reads = createReadAhead(async (uri) => {
      if (uri === "ui://down") throw new Error("offline");
      return { contents: [{ uri, mimeType: "text/plain", text: "not an app" }] };
    });
    want(reads, 1, ["ui://down", "ui://text"]);
    expect(await reads.get(1, "ui://down")).toBeUndefined();
    expect(reads.get(1, "ui://down")).toBeUndefined();
    expect(await reads.get(1, "ui://text")).toEqual({ contents: [{ uri: "ui://text", mimeType: "text/plain", text: "not an app" }] });
  });
});
