// The MCP Apps sandbox proxy (SEP-1865, "Sandbox proxy"): this page is the outer frame, served from
// an origin other than the inspector's. It loads the app's document in an inner frame with an opaque
// origin (sandbox "allow-scripts allow-forms": no same origin, no top navigation, no popups) and
// relays JSON-RPC messages both ways, dropping the reserved `ui/notifications/sandbox-*` ones. It
// talks only to its parent, and only if the parent is the inspector origin named in its URL
// (#host=...); the inner frame may only reach it, never the inspector.
(function () {
  "use strict";
  var PREFIX = "ui/notifications/sandbox-";
  var host = new URLSearchParams(location.hash.slice(1)).get("host");
  if (window.parent === window || !host || !/^https?:\/\/[^/]+$/.test(host) || host === location.origin) {
    document.body.textContent = "This page only runs inside the presa inspector, on another origin.";
    return;
  }
  var FEATURES = { camera: "camera", microphone: "microphone", geolocation: "geolocation", clipboardWrite: "clipboard-write" };
  var inner = null;

  function isMethod(m) {
    return m !== null && typeof m === "object" && typeof m.method === "string";
  }

  function load(params) {
    // One document per proxy: the inspector makes a new proxy for each app it renders.
    if (inner || !params || typeof params.html !== "string") return;
    inner = document.createElement("iframe");
    // Fixed here: the host's optional `sandbox` override is not honoured, so nothing can loosen it.
    inner.setAttribute("sandbox", "allow-scripts allow-forms");
    var allow = [];
    var p = params.permissions;
    if (p && typeof p === "object") {
      for (var k in FEATURES) if (Object.prototype.hasOwnProperty.call(p, k) && p[k] && typeof p[k] === "object") allow.push(FEATURES[k]);
    }
    if (allow.length) inner.setAttribute("allow", allow.join("; "));
    inner.setAttribute("title", "MCP App");
    // The inspector built this document with the app's CSP as its first element (src/core/apps/document.ts).
    inner.srcdoc = params.html;
    document.body.appendChild(inner);
  }

  window.addEventListener("message", function (event) {
    var m = event.data;
    if (event.source === window.parent) {
      if (event.origin !== host) return;
      if (isMethod(m) && m.method === PREFIX + "resource-ready") return load(m.params);
      if (isMethod(m) && m.method.indexOf(PREFIX) === 0) return;
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(m, "*");
      return;
    }
    if (inner && event.source === inner.contentWindow) {
      // The app's own reports of what the browser blocked pass (the host shows them as reports);
      // every other reserved message is the proxy's, never the app's.
      if (isMethod(m) && m.method.indexOf(PREFIX) === 0 && m.method !== PREFIX + "violation") return;
      window.parent.postMessage(m, host);
    }
  });

  window.parent.postMessage({ jsonrpc: "2.0", method: PREFIX + "proxy-ready", params: {} }, host);
})();
