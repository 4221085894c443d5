// The MCP Apps host (SEP-1865): its own entry, so the host, its CSP building and the sandbox's
// messages load with the first app, not with the first view.
export { AppHost, linkProblem, partialArguments, APPS_PROTOCOL_VERSION, type AppHostContext, type AppHostEvent, type AppHostOptions, type AppRefusal, type DisplayMode, type RefusalKind } from "./host";
export { APP_SANDBOX_FLAGS, APP_PERMISSIONS, buildAllowAttribute, buildAppCsp, originProblem, readAppPolicy, type AppCspDeclaration, type AppPermission, type AppPolicy, type RefusedDeclaration } from "./csp";
export { APPS_CAPABILITY, APPS_EXTENSION, APP_MIME_TYPE, toolUi, toolVisibility, type AppVisibility, type ToolUi } from "./meta";
export { APP_HTML_MAX, readAppResource, type AppResource, type AppResourceRead } from "./resource";
export { appDocument, SANDBOX_VIOLATION, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from "./document";
