import { execFileSync } from "node:child_process";
import { expect, test } from "./support/test";
import { answerForm, openApp, pick, result, run, runWithJson, useRevision, useTarget } from "./support/app";
import { clipboardText, wireLog, wireRows } from "./support/qa";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("copy as curl: the command, run in a shell, gets the same answer from the server", async ({ page }) => {
  await openApp(page);
  await useTarget(page, "http");
  await useRevision(page, "2026-07-28");
  const message = "it's café ☕";
  await pick(page, /^Echo/);
  await runWithJson(page, { message });
  await expect(result(page)).toContainText(message);

  const rows = await wireRows(page, "tools/call", "out");
  await rows.first().click();
  const frame = wireLog(page).getByRole("complementary", { name: "Frame" });
  await frame.getByRole("button", { name: "Copy request as curl" }).click();
  const command = await clipboardText(page);
  for (const line of ["-H 'Content-Type: application/json'", "-H 'Accept: application/json, text/event-stream'", "-H 'MCP-Protocol-Version: 2026-07-28'", "-H 'Mcp-Method: tools/call'", "-H 'Mcp-Name: echo'"]) {
    expect(command).toContain(line);
  }
  expect(command).toContain("it'\\''s café ☕");
  await expect(frame.getByLabel("curl command")).toHaveText(command);

  const output = execFileSync("sh", ["-c", `${command} --silent --show-error --max-time 10`], { encoding: "utf8" });
  expect(output).toContain(`"text":"${message}"`);
  expect(output).toContain('"resultType":"complete"');
});

test("copy as JSON gives the frame; on the embedded server curl is not offered, and why", async ({ page }) => {
  await openApp(page);
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
  const rows = await wireRows(page, "tools/call", "out");
  await rows.last().click();
  const frame = wireLog(page).getByRole("complementary", { name: "Frame" });
  await frame.getByRole("button", { name: "Copy frame as JSON" }).click();
  const copied = JSON.parse(await clipboardText(page)) as { method: string; params: { name: string; inputResponses: Record<string, unknown> } };
  expect([copied.method, copied.params.name, Object.keys(copied.params.inputResponses)]).toEqual(["tools/call", "greet", ["who"]]);
  await expect(frame.getByTestId("curl-note")).toContainText("embedded demo server runs inside this page and has no URL");
  await expect(frame.getByRole("button", { name: "Copy request as curl" })).toHaveCount(0);
});
