import { sentIdPattern } from "../../src/domain/ingestion/collection";

/**
 * /t.js, the first-party collection script a site adds with one tag (docs/engine.md,
 * "Ingestion"):
 *
 *   <script async src="https://reports.example/t.js" data-key="pk_…"></script>
 *
 * On each page load it sends one click (the page land, with the page's URL, so its utm
 * parameters and gclid, and the referrer) to /collect on the server it came from, with
 * navigator.sendBeacon as text/plain (no preflight, survives the page being left).
 * The visitor id is `data-visitor-id` when the site knows its visitor; otherwise, only
 * when the site opts in with `data-cookies="on"`, a first-party cookie `_tv` kept 400
 * days; otherwise a random id for this page view (no cookie, no storage). The id is on
 * `window.tvVisitorId` for the site to pass with its order feed. A `data-visitor-id` (or
 * cookie) that /collect would refuse (not 1 to 128 printable ASCII characters) is not sent:
 * the script says so in the console and uses an id of its own, so the page's events are kept.
 */
export const trackingScript = `(function () {
  var tag = document.currentScript;
  if (!tag) return;
  var key = tag.getAttribute("data-key");
  if (!key) return;
  var endpoint = new URL("/collect", tag.src).href;
  var random = function () {
    return window.crypto && crypto.randomUUID ? crypto.randomUUID() : Date.now().toString(36) + Math.random().toString(36).slice(2);
  };
  var usable = function (id) {
    return typeof id === "string" && ${sentIdPattern.toString()}.test(id);
  };
  var visitor = tag.getAttribute("data-visitor-id");
  if (visitor !== null && !usable(visitor)) {
    if (window.console) console.warn("t.js: data-visitor-id is not a usable visitor id (1 to 128 printable ASCII characters, no spaces); this page's events use an id of the script's own.");
    visitor = null;
  }
  if (!visitor && tag.getAttribute("data-cookies") === "on") {
    var found = document.cookie.match(/(?:^|; )_tv=([^;]+)/);
    var kept = null;
    try { kept = found ? decodeURIComponent(found[1]) : null; } catch (e) { kept = null; }
    visitor = usable(kept) ? kept : random();
    document.cookie = "_tv=" + encodeURIComponent(visitor) + "; Max-Age=34560000; Path=/; SameSite=Lax" +
      (location.protocol === "https:" ? "; Secure" : "");
  }
  visitor = visitor || random();
  window.tvVisitorId = visitor;
  var body = JSON.stringify({
    key: key,
    events: [{ event_id: random(), type: "click", time: Date.now(), visitor_id: visitor, url: location.href.slice(0, 2048),
      referrer: document.referrer ? document.referrer.slice(0, 2048) : null }]
  });
  var blob = new Blob([body], { type: "text/plain" });
  if (!(navigator.sendBeacon && navigator.sendBeacon(endpoint, blob))) {
    fetch(endpoint, { method: "POST", body: blob, keepalive: true, mode: "no-cors", credentials: "omit" });
  }
})();
`;
