/**
 * The document the sandbox loads for an app: the app's HTML with the policy put first, so nothing the
 * app wrote runs before it. A `<meta http-equiv="Content-Security-Policy">` applies from where it is
 * parsed on and stays in force if the app removes the element later; put before the app's own
 * `<html>`, the parser moves it into the head, where the browser honours it.
 *
 * A small reporter runs next: it tells the host, through the sandbox, each time the browser blocked
 * something (a CSP violation, a SecurityError such as reading the parent or navigating the top
 * window), so the app panel can say what was contained and why. It is a report, not the wall: the
 * wall is the CSP and the sandbox flags, which hold whether or not the report arrives.
 */
import { buildAppCsp, type AppCspDeclaration } from "./csp";

/** The proxy's "ready for a document" notification (SEP-1865, "Sandbox proxy"). */
export const SANDBOX_PROXY_READY = "ui/notifications/sandbox-proxy-ready";
/** The host's "here is the document" notification to the proxy. */
export const SANDBOX_RESOURCE_READY = "ui/notifications/sandbox-resource-ready";
/** This host's own report from the sandbox: something the browser blocked. */
export const SANDBOX_VIOLATION = "ui/notifications/sandbox-violation";

function attr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

const REPORTER = `(function(){var p=window.parent,n=0;function r(d){if(++n>50)return;try{p.postMessage({jsonrpc:"2.0",method:"${SANDBOX_VIOLATION}",params:d},"*")}catch(e){}}
addEventListener("securitypolicyviolation",function(e){r({kind:"csp",directive:String(e.effectiveDirective||e.violatedDirective||""),blocked:String(e.blockedURI||"").slice(0,300)})},true);
addEventListener("error",function(e){var x=e.error;if(x&&x.name==="SecurityError")r({kind:"security",message:String(x.message||"").slice(0,300)})},true);
addEventListener("unhandledrejection",function(e){var x=e.reason;if(x&&x.name==="SecurityError")r({kind:"security",message:String(x.message||"").slice(0,300)})},true);})();`;

/** A leading doctype (after comments and blank space, which run nothing): the policy goes after it, so the app keeps standards mode. */
const DOCTYPE = /^\uFEFF?(\s|<!--[\s\S]*?-->)*<!doctype[^>]*>/i;

/** The app's document with its CSP first and the reporter after it. */
export function appDocument(html: string, csp: AppCspDeclaration): string {
  const head = `<meta http-equiv="Content-Security-Policy" content="${attr(buildAppCsp(csp))}"><script>${REPORTER}</script>`;
  const doctype = DOCTYPE.exec(html)?.[0] ?? "";
  return `${doctype}${head}\n${html.slice(doctype.length)}`;
}
