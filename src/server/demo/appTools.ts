/**
 * The demo's MCP App (SEP-1865), built with the official App SDK: `weather-app` names the
 * `ui://presa-demo/weather` resource, so the inspector renders that app with the call's input and
 * result. The app calls `app-pick-city` (visible to apps only), which asks the user a question in
 * the inspector's usual card; it opens a link (which the user confirms), and tells the chat and the
 * model what it shows (which the inspector, having no model, shows).
 */
import { elicit, type ElicitResult } from "../../core/protocol";
import { inputRequired, inputResponse, type ResourceDefinition, type ToolDefinition } from "../definitions";
import { APP_MIME_TYPE, appPage, sdkScript } from "../apps/appHtml";

export const WEATHER_APP_URI = "ui://presa-demo/weather";

const REPORTS: Record<string, { text: string; temperature: number }> = {
  Lisbon: { text: "sunny", temperature: 24 },
  Oslo: { text: "snow", temperature: -3 },
  Nairobi: { text: "cloudy", temperature: 19 },
  Lima: { text: "mist", temperature: 17 },
};
const CITIES = Object.keys(REPORTS);

function report(city: string) {
  const r = REPORTS[city] ?? { text: "no report", temperature: 0 };
  return { content: [{ type: "text" as const, text: `${city}: ${r.text}, ${r.temperature}°C` }], structuredContent: { city, conditions: r.text, temperature: r.temperature } };
}

const weatherApp: ToolDefinition = {
  name: "weather-app",
  title: "Weather app (an MCP App)",
  description: "Shows the weather for a city in an interactive app; the app can ask for another city",
  inputSchema: { type: "object", properties: { city: { type: "string", title: "City", enum: CITIES, default: "Lisbon" } } },
  _meta: { ui: { resourceUri: WEATHER_APP_URI } },
  handler: (args) => report(typeof args.city === "string" && args.city in REPORTS ? args.city : "Lisbon"),
};

/** Called by the app, not the model: it asks the user which city, in a round of its own. */
const pickCity: ToolDefinition = {
  name: "app-pick-city",
  title: "Pick a city (for the weather app)",
  description: "Asks the user which city the weather app should show; only the app calls it",
  _meta: { ui: { resourceUri: WEATHER_APP_URI, visibility: ["app"] } },
  handler: (_args, ctx) => {
    const answer = inputResponse(ctx, "city") as ElicitResult | undefined;
    if (!answer) {
      return inputRequired({
        city: elicit("Which city should the weather app show?", {
          type: "object",
          properties: { city: { type: "string", title: "City", enum: CITIES } },
          required: ["city"],
        }),
      });
    }
    if (answer.action !== "accept") return { content: [{ type: "text" as const, text: "No city chosen." }], isError: true };
    return report(String(answer.content?.city));
  },
};

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:0;padding:12px;color:var(--color-text-primary,#222);background:var(--color-background-primary,transparent)}
.dark body,body.dark{color:#eee}
h1{font-size:16px;margin:0 0 8px}#result{font-size:20px;margin:8px 0}button{margin:4px 8px 4px 0}#status{color:#666;min-height:1.4em}`;

const BODY = `<h1>Weather</h1>
<p id="input">Waiting for the tool's input…</p>
<p id="partials" data-testid="weather-partials"></p>
<p id="result" data-testid="weather-result">Waiting for the result…</p>
<button id="pick" type="button">Pick another city</button>
<button id="docs" type="button">Open the MCP Apps docs</button>
<button id="tell" type="button">Tell the chat</button>
<p id="status" role="status"></p>`;

// The app's own code: plain JavaScript over the official SDK's App class.
const SCRIPT = `const { App } = globalThis.McpAppsSdk;
const $ = (id) => document.getElementById(id);
const show = (r) => {
  const t = (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join(" ");
  $("result").textContent = t || "(no text)";
  if (r.isError) $("result").dataset.error = "true"; else delete $("result").dataset.error;
  void app.updateModelContext({ content: [{ type: "text", text: "The app shows " + $("result").textContent }] });
};
const app = new App({ name: "presa-weather", version: "1.0.0" }, { availableDisplayModes: ["inline", "fullscreen"] });
let partials = 0;
app.ontoolinputpartial = (p) => { partials++; $("input").textContent = "Arguments arriving: " + JSON.stringify(p.arguments); };
app.ontoolinput = (p) => { $("input").textContent = "Asked for: " + JSON.stringify(p.arguments); $("partials").textContent = partials + " partial input(s) before it"; };
app.ontoolresult = (r) => show(r);
app.ontoolcancelled = (p) => { $("result").textContent = "Cancelled: " + (p.reason || "no reason"); };
app.onhostcontextchanged = (c) => { if (c.theme) document.body.className = c.theme; };
app.onteardown = async () => ({});
$("pick").onclick = async () => {
  $("status").textContent = "Asking the server…";
  try { const r = await app.callServerTool({ name: "app-pick-city", arguments: {} }); show(r); $("status").textContent = "The server answered."; }
  catch (e) { $("status").textContent = "The call failed: " + (e && e.message); }
};
$("docs").onclick = async () => {
  try { await app.openLink({ url: "https://modelcontextprotocol.io/extensions/apps/overview" }); $("status").textContent = "The link was opened."; }
  catch (e) { $("status").textContent = "The link was not opened: " + (e && e.message); }
};
$("tell").onclick = async () => {
  await app.sendMessage({ role: "user", content: [{ type: "text", text: "Tell me more about " + $("result").textContent }] });
  $("status").textContent = "Sent to the chat.";
};
await app.connect();
const ctx = app.getHostContext();
if (ctx && ctx.theme) document.body.className = ctx.theme;
`;

const weatherResource: ResourceDefinition = {
  uri: WEATHER_APP_URI,
  name: "weather-app",
  title: "Weather app (MCP App document)",
  description: "The HTML of the weather app, built with the official MCP Apps SDK",
  mimeType: APP_MIME_TYPE,
  _meta: { ui: { prefersBorder: true } },
  handler: async (uri) => {
    const { loadAppSdkSource } = await import("#app-sdk-source");
    const html = appPage({ title: "Weather", style: STYLE, body: BODY, sdk: sdkScript(await loadAppSdkSource()), script: SCRIPT });
    return [{ uri, mimeType: APP_MIME_TYPE, text: html, _meta: { ui: { prefersBorder: true } } }];
  },
};

export const appTools: ToolDefinition[] = [weatherApp, pickCity];
export const appResources: ResourceDefinition[] = [weatherResource];
