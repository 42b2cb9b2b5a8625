import { maxUrlLength, sentIdPattern, trackNameLength, trackPropsLength } from "../../src/domain/ingestion/collection";

/** How long the script gathers events before it sends them together (ms). */
export const flushMs = 1000;
/** Most events the script holds while it cannot send (consent not given yet, the server busy or away): later ones are dropped. */
export const mostHeld = 200;
/** Events per request: a batch stays well under sendBeacon's and keepalive's 64 KB. */
export const batchSize = 50;
/** Longest wait between tries after a 429, a 5xx or a network failure (ms); the wait doubles from `flushMs` up to it. */
export const longestRetryMs = 60_000;

/**
 * /t.js, the first-party collection script a site adds with one tag (docs/engine.md,
 * "Ingestion", "/t.js"), best after the one-line queue stub so calls made before it loads
 * are kept:
 *
 *   <script>window.tv=window.tv||function(){(tv.q=tv.q||[]).push(arguments)}</script>
 *   <script async src="https://reports.example/t.js" data-key="pk_…"></script>
 *
 * Identity: the visitor id is `data-visitor-id` when the site knows its visitor (nothing is
 * stored); otherwise the first-party cookie `_tv` (400 days, `SameSite=Lax`, `Secure` on
 * https, `Domain=` from `data-cookie-domain` so shop. and www. share it), or the same key in
 * localStorage when the cookie is gone; otherwise a new random id, then stored in both.
 * `data-cookies="off"` stores nothing (a random id per page view). An id /collect would
 * refuse (not 1 to 128 printable ASCII characters) is never sent: the console says so for a
 * `data-visitor-id`, and the script uses an id of its own. The id is on `window.tvVisitorId`.
 *
 * Consent: with `data-consent="required"` nothing is stored or sent until
 * `tv('consent', true)`, which stores the id and sends what was held; `tv('consent', false)`
 * forgets the id (cookie and storage), drops what is held, and stops.
 *
 * API on `window.tv`: `tv('page')` sends a page land (the script sends one on load and on
 * every history pushState / replaceState / popstate that changes the URL); `tv('track',
 * name, props)` a custom event; `tv('identify', customerId)` ties the visitor to the
 * customer id the order feed sends.
 *
 * Sending: events are queued, each with its own event id, and sent together `flushMs` after
 * the first; when the page is hidden or left, with sendBeacon. A 429, a 5xx or a network
 * failure puts the batch back and tries again later (waits doubling from `flushMs` to `longestRetryMs`); another answer (202,
 * or a 4xx that a retry would not change) ends it. A retried event keeps its id, and
 * /collect stores an id once, so nothing is counted twice. No call ever throws into the page.
 * Served as written less its indentation: under 5 KB, about 2 KB gzipped.
 */
export const trackingScript = `(function () {
  try {
  var w = window, d = document, tag = d.currentScript, stub = w.tv;
  if (!tag || !tag.getAttribute("data-key") || (stub && stub.ready)) return;
  var safe = function (run) { return function () { try { run(); } catch (e) {} }; };
  var at = function (name) { return tag.getAttribute("data-" + name); };
  var key = at("key"), endpoint = new URL("/collect", tag.src).href, domain = at("cookie-domain");
  var stores = at("cookies") !== "off", consent = at("consent") === "required" ? null : true;
  var held = [], sending = false, timer = 0, retryMs = 0, last = null, visitor = null;
  var random = function () {
    return w.crypto && crypto.randomUUID ? crypto.randomUUID() : Date.now().toString(36) + Math.random().toString(36).slice(2);
  };
  var usable = function (id) { return typeof id === "string" && ${sentIdPattern.toString()}.test(id); };
  var cut = function (text) { return text ? String(text).slice(0, ${maxUrlLength}) : null; };
  var cookie = function (value, age) {
    try {
      d.cookie = "_tv=" + value + "; Max-Age=" + age + "; Path=/; SameSite=Lax" + (domain ? "; Domain=" + domain : "") +
        (location.protocol === "https:" ? "; Secure" : "");
    } catch (e) {}
  };
  var storage = function (action, value) {
    try { return w.localStorage[action]("_tv", value); } catch (e) { return null; }
  };
  var kept = function () {
    var id = null;
    try { id = decodeURIComponent(d.cookie.match(/(?:^|; )_tv=([^;]+)/)[1]); } catch (e) { id = null; }
    id = usable(id) ? id : storage("getItem");
    return usable(id) ? id : null;
  };
  var own = at("visitor-id");
  if (own !== null && !usable(own)) {
    if (w.console) console.warn("t.js: data-visitor-id is not a usable visitor id (1 to 128 printable ASCII characters, no spaces); this page's events use an id of the script's own.");
    own = null;
  }
  var keep = function () {
    visitor = visitor || own || (stores && kept()) || random();
    w.tvVisitorId = visitor;
    if (consent && stores && !own) {
      cookie(encodeURIComponent(visitor), 34560000);
      storage("setItem", visitor);
    }
  };
  var send = function (events, beacon) {
    var body = JSON.stringify({ key: key, events: events });
    if (beacon || !w.fetch) return !!(navigator.sendBeacon && navigator.sendBeacon(endpoint, body));
    sending = true;
    fetch(endpoint, { method: "POST", body: body, credentials: "omit", keepalive: body.length < 60000 })
      .then(function (answer) { return answer.status; }, function () { return 0; })
      .then(function (status) {
        sending = false;
        if (!consent) return;
        if (status === 429 || status === 0 || status >= 500) {
          held = events.concat(held).slice(0, ${mostHeld});
          retryMs = Math.min(retryMs ? retryMs * 2 : ${flushMs}, ${longestRetryMs});
        } else retryMs = 0;
        later(retryMs || ${flushMs});
      });
    return true;
  };
  var flush = function () {
    if (!consent || sending || !held.length) return;
    var batch = held.slice(0, ${batchSize});
    held = held.slice(${batchSize});
    if (!send(batch)) held = batch.concat(held);
    else if (!sending) later(${flushMs});
  };
  var later = function (ms) {
    if (!timer && consent && held.length) timer = setTimeout(safe(function () { timer = 0; flush(); }), ms);
  };
  var leave = function () {
    while (consent && held.length && send(held.slice(0, ${batchSize}), true)) held = held.slice(${batchSize});
  };
  var add = function (event) {
    if (consent === false || held.length >= ${mostHeld}) return;
    event.event_id = random();
    event.time = Date.now();
    event.visitor_id = visitor;
    held.push(event);
    later(${flushMs});
  };
  var page = function () {
    add({ type: "click", url: cut(location.href), referrer: cut(last === null ? d.referrer : last) });
    last = location.href;
  };
  var calls = {
    page: page,
    track: function (name, props) {
      var text = null;
      try { text = props && typeof props === "object" && !Array.isArray(props) ? JSON.stringify(props) : null; } catch (e) { text = null; }
      if (typeof name === "string" && name && name.length <= ${trackNameLength})
        add({ type: "track", name: name, props: text && text.length <= ${trackPropsLength} ? JSON.parse(text) : null });
    },
    identify: function (customer) {
      if (usable(customer)) add({ type: "identify", customer_id: customer });
    },
    consent: function (given) {
      if (given) {
        consent = true;
        keep();
        later(0);
        return;
      }
      consent = false;
      held = [];
      visitor = null;
      delete w.tvVisitorId;
      cookie("", 0);
      storage("removeItem");
    },
  };
  var tv = function (name) {
    try {
      if (consent !== false || name === "consent") calls[name].apply(null, [].slice.call(arguments, 1));
    } catch (e) {}
  };
  tv.ready = true;
  var changed = function () { if (location.href !== last) tv("page"); };
  ["pushState", "replaceState"].forEach(function (name) {
    var original = history[name];
    if (typeof original === "function") history[name] = function () {
      var result = original.apply(this, arguments);
      changed();
      return result;
    };
  });
  w.addEventListener("popstate", changed);
  w.addEventListener("pagehide", safe(leave));
  d.addEventListener("visibilitychange", safe(function () { if (d.visibilityState === "hidden") leave(); }));
  keep();
  w.tv = tv;
  tv("page");
  (stub && stub.q ? [].slice.call(stub.q) : []).forEach(function (call) { tv.apply(null, call); });
  } catch (e) {}
})();
`.replace(/\n +/g, "\n");
