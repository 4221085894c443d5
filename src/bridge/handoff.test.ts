import { describe, expect, it } from "vitest";
import { bridgeHandoffPlugin, handoffMetaTag } from "./handoff";

describe("the token handoff", () => {
  it("injects a meta element in the served HTML, never in a build", () => {
    const plugin = bridgeHandoffPlugin({ url: "http://127.0.0.1:5555", token: "tok" });
    expect(plugin.apply).toBe("serve");
    const hook = plugin.transformIndexHtml as { handler: () => unknown };
    expect(hook.handler()).toEqual([
      { tag: "meta", attrs: { name: "presa-bridge", content: '{"url":"http://127.0.0.1:5555","token":"tok"}' }, injectTo: "head" },
    ]);
  });

  it("escapes the attribute", () => {
    expect(handoffMetaTag('http://x"><script>', "a&b")).toBe(
      '<meta name="presa-bridge" content="{&quot;url&quot;:&quot;http://x\\&quot;&gt;&lt;script&gt;&quot;,&quot;token&quot;:&quot;a&amp;b&quot;}" />',
    );
  });
});
