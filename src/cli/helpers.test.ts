import { describe, expect, it } from "vitest";
import { oneLine } from "./errors";
import { fieldsOf, parseField } from "./fields";
import { resultLines } from "./output";
import { safeText } from "./terminal";
import { junitXml, xmlEscape } from "./junit";
import { urlWarnings } from "./urlWarnings";
import { parseArguments, parseHeader, splitCommand } from "./words";

describe("splitCommand: words like a shell, nothing expanded", () => {
  it.each<[string, string[]]>([
    ["node server.js --port 3", ["node", "server.js", "--port", "3"]],
    [`node "my server.js" 'a b'`, ["node", "my server.js", "a b"]],
    [`echo "say \\"hi\\"" it\\'s`, ["echo", 'say "hi"', "it's"]],
    ["run $HOME ~ * ; rm -rf / && x | y", ["run", "$HOME", "~", "*", ";", "rm", "-rf", "/", "&&", "x", "|", "y"]],
    [`a ''  "" b`, ["a", "", "", "b"]],
    ["  spaced\tout  ", ["spaced", "out"]],
    [`'$(whoami)'`, ["$(whoami)"]],
  ])("%s", (line, argv) => {
    expect(splitCommand(line)).toEqual(argv);
  });

  it("says where a quote is left open", () => {
    expect(() => splitCommand(`node 'oops`)).toThrow(/unterminated single quote at character 6/);
  });
});

describe("arguments and headers", () => {
  it("takes JSON values unless the schema says string, or := keeps text", () => {
    const schema = { type: "object", properties: { zip: { type: "string" }, n: { type: "integer" } } };
    expect(parseArguments('{"a": 1}', ["zip=007", "n=7", "ok=true", "list=[1,2]", "word=hello", "raw:=42"], schema)).toEqual({ a: 1, zip: "007", n: 7, ok: true, list: [1, 2], word: "hello", raw: "42" });
  });

  it.each([
    [() => parseArguments("[1]", []), /--args must be a JSON object/],
    [() => parseArguments("{", []), /--args is not JSON/],
    [() => parseArguments(undefined, ["novalue"]), /expected key=value/],
    [() => parseHeader("no colon"), /expected "Name: value"/],
  ])("refuses bad input %#", (f, message) => {
    expect(f).toThrow(message);
  });

  it("splits a header at its first colon", () => {
    expect(parseHeader("Authorization: Bearer a:b")).toEqual(["Authorization", "Bearer a:b"]);
  });
});

describe("form fields from a requested schema", () => {
  const fields = fieldsOf({
    type: "object",
    properties: {
      name: { type: "string", minLength: 2 },
      age: { type: "integer", minimum: 13 },
      ok: { type: "boolean" },
      pick: { type: "string", oneOf: [{ const: "r", title: "Red" }, { const: "g", title: "Green" }] },
      many: { type: "array", maxItems: 1, items: { enum: ["x", "y"] } },
      color: { type: "string", default: "blue" },
    },
    required: ["name", "pick"],
  });
  const f = (name: string) => fields.find((x) => x.name === name) ?? (() => { throw new Error(name); })();

  it.each<[string, string, unknown]>([
    ["name", "Ada", { ok: true, value: "Ada" }],
    ["name", "", { ok: false, error: "name is required" }],
    ["name", "A", { ok: false, error: "name: at least 2 characters" }],
    ["age", "12", { ok: false, error: "age: must be at least 13" }],
    ["age", "13.5", { ok: false, error: "age: must be a whole number" }],
    ["age", "", { ok: true, value: undefined, omit: true }],
    ["ok", "yes", { ok: true, value: true }],
    ["ok", "maybe", { ok: false, error: "ok: answer y or n" }],
    ["pick", "2", { ok: true, value: "g" }],
    ["pick", "r", { ok: true, value: "r" }],
    ["pick", "3", { ok: false, error: "pick: pick a number from 1 to 2" }],
    ["many", "1,2", { ok: false, error: "many: pick at most 1" }],
    ["many", "2", { ok: true, value: ["y"] }],
    ["color", "", { ok: true, value: "blue" }],
  ])("%s ← %j", (name, line, parsed) => {
    expect(parseField(f(name), line)).toEqual(parsed);
  });
});

describe("URL warnings", () => {
  it.each<[string, RegExp[]]>([
    ["https://example.com/ok", []],
    ["http://169.254.169.254/latest/", [/not encrypted/, /cloud metadata/]],
    ["https://[fe80::1]/x", [/link-local/]],
    ["https://192.168.1.20/admin", [/private/]],
    ["https://user:pw@bank.example/", [/user name or password/]],
    ["https://example.com/\u202egpj.exe", [/invisible or direction-changing/]],
    ["https://xn--pple-43d.com/", [/punycode/]],
    ["javascript:alert(1)", [/not a web address/]],
  ])("%s", (url, expected) => {
    const w = urlWarnings(url);
    expect(w).toHaveLength(expected.length);
    expected.forEach((re, i) => expect(w[i]).toMatch(re));
  });
});

describe("JUnit XML", () => {
  it("escapes markup and characters XML cannot hold", () => {
    expect(xmlEscape(`<a b="c">&'\u0001`)).toBe("&lt;a b=&quot;c&quot;&gt;&amp;&apos;\ufffd");
  });

  it("writes an error case when the replay could not run", () => {
    const xml = junitXml({ session: "s.json", target: "x", diffs: [], error: "cannot reach x", seconds: 0.5 });
    expect(xml).toContain('errors="1"');
    expect(xml).toContain('<error type="replay-error" message="cannot reach x">');
  });
});

describe("server text in the terminal", () => {
  it("shows escape sequences and other control characters instead of obeying them", () => {
    expect(safeText("ok\u001b[2J\u001b]0;pwned\u0007\nline 2\r")).toBe("ok\\u001b[2J\\u001b]0;pwned\\u0007\nline 2\\u000d");
    expect(oneLine("a\nb")).toBe("a ⏎ b");
    expect(resultLines({ content: [{ type: "text", text: "\u001b[31mred" }], isError: true })).toEqual(["(the tool reported an error: isError true)", "\\u001b[31mred"]);
  });
});
