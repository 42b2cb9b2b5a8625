import { createContext, runInContext } from "node:vm";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { CollectBody, CollectedEvent, IdentifyEvent, TrackedEvent } from "../../../src/domain/ingestion/collection";
import { batchSize, flushMs, longestRetryMs, mostHeld, trackingScript } from "../../../server/routes/trackingScript";

/** A request the script made: how, and the events it carried. */
interface Sent {
  readonly via: "fetch" | "beacon";
  readonly events: ReadonlyArray<Record<string, unknown>>;
}

interface PageOptions {
  readonly attributes?: Readonly<Record<string, string>>;
  readonly cookie?: string;
  readonly stored?: string | null;
  readonly href?: string;
  readonly referrer?: string;
  /** The statuses /collect answers, in turn (0: the network fails); 202 once they are used up. */
  readonly statuses?: ReadonlyArray<number>;
  /** Calls made on the queue stub before the script loaded. */
  readonly queued?: ReadonlyArray<ReadonlyArray<unknown>>;
  /** Storage that throws (blocked by the browser). */
  readonly storageBlocked?: boolean;
  /** A document.cookie that throws (a sandboxed frame). */
  readonly cookieBlocked?: boolean;
  readonly noFetch?: boolean;
}

/** The wire shape of every event the script may send: what /collect decodes. */
const SentEvent = Schema.Union(CollectedEvent, TrackedEvent, IdentifyEvent);

/**
 * Runs /t.js in a fake page (document, cookie jar, localStorage, history, fetch, sendBeacon and timers of its own,
 * no wall clock): answers what it sent, the cookies it set, the page's `tv` and ways to move the page on.
 */
const openPage = (options: PageOptions = {}) => {
  const attributes = { "data-key": "pk_x", ...options.attributes };
  const sent: Sent[] = [];
  const cookieWrites: string[] = [];
  const warnings: string[] = [];
  const jar = new Map<string, string>();
  for (const part of (options.cookie ?? "").split("; ").filter(Boolean)) jar.set(part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1));
  const storage = new Map<string, string>(options.stored ? [["_tv", options.stored]] : []);
  const statuses = [...(options.statuses ?? [])];
  const listeners: Record<string, Array<() => void>> = {};
  let timers: Array<{ at: number; run: () => void; id: number }> = [];
  let now = 0;
  let ids = 0;
  const location = { href: options.href ?? "https://shop.example/?utm_source=newsletter", protocol: "" };
  const setHref = (href: string) => {
    location.href = new URL(href, location.href).href;
    location.protocol = new URL(location.href).protocol;
  };
  setHref(location.href);
  const listen = (name: string, run: () => void) => (listeners[name] = [...(listeners[name] ?? []), run]);
  const bodyOf = (text: string) => Schema.decodeUnknownSync(CollectBody)(JSON.parse(text));
  const record = (via: Sent["via"], text: string) => {
    const body = bodyOf(text);
    expect(body.key).toBe("pk_x");
    const events = (body.events ?? []) as ReadonlyArray<Record<string, unknown>>;
    for (const event of events) Schema.decodeUnknownSync(SentEvent)(event);
    sent.push({ via, events });
  };
  const document = {
    currentScript: { src: "https://reports.example/t.js", getAttribute: (name: string) => attributes[name as keyof typeof attributes] ?? null },
    get cookie() {
      if (options.cookieBlocked) throw new Error("SecurityError");
      return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(text: string) {
      if (options.cookieBlocked) throw new Error("SecurityError");
      cookieWrites.push(text);
      const [pair = ""] = text.split("; ");
      const name = pair.slice(0, pair.indexOf("="));
      if (/Max-Age=0(;|$)/.test(text)) jar.delete(name);
      else jar.set(name, pair.slice(pair.indexOf("=") + 1));
    },
    referrer: options.referrer ?? "",
    visibilityState: "visible",
    addEventListener: listen,
  };
  const blocked = () => {
    throw new Error("SecurityError");
  };
  const page: Record<string, unknown> = {
    document,
    location,
    history: {
      pushState: (_state: unknown, _title: string, url: string) => setHref(url),
      replaceState: (_state: unknown, _title: string, url: string) => setHref(url),
    },
    navigator: {
      sendBeacon: (_url: string, body: string) => {
        record("beacon", body);
        return true;
      },
    },
    localStorage: options.storageBlocked
      ? { getItem: blocked, setItem: blocked, removeItem: blocked }
      : {
          getItem: (name: string) => storage.get(name) ?? null,
          setItem: (name: string, value: string) => storage.set(name, value),
          removeItem: (name: string) => storage.delete(name),
        },
    crypto: { randomUUID: () => `id-${++ids}` },
    console: { warn: (message: string) => warnings.push(message) },
    setTimeout: (run: () => void, ms: number) => {
      const id = timers.length + 1 + now;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id: number) => (timers = timers.filter((t) => t.id !== id)),
    addEventListener: listen,
    URL,
  };
  if (!options.noFetch) {
    page["fetch"] = (url: string, init: { body: string; keepalive: boolean; credentials: string }) => {
      expect(url).toBe("https://reports.example/collect");
      expect(init.credentials).toBe("omit");
      record("fetch", init.body);
      const status = statuses.shift() ?? 202;
      return status === 0 ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve({ status });
    };
  }
  page["window"] = page;
  if (options.queued) page["tv"] = Object.assign(() => undefined, { q: options.queued });
  const context = createContext(page);
  runInContext(trackingScript, context);
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  /** Moves the page's clock on by `ms`, running the timers due and letting the answers they wait for arrive. */
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      await settled();
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.run();
    }
    now = until;
    await settled();
  };
  const fire = (name: string) => (listeners[name] ?? []).forEach((run) => run());
  return {
    sent,
    warnings,
    cookieWrites,
    jar,
    storage,
    advance,
    fire,
    document,
    history: page["history"] as { pushState: (s: unknown, t: string, url: string) => void; replaceState: (s: unknown, t: string, url: string) => void },
    setHref,
    tv: (...args: ReadonlyArray<unknown>) => (page["tv"] as (...a: ReadonlyArray<unknown>) => void)(...args),
    visitorId: () => page["tvVisitorId"],
    events: () => sent.flatMap((s) => s.events),
  };
};

describe("/t.js's visitor id", () => {
  it.each([
    ["on https, shared by the site's domain", "https://shop.example/", { "data-cookie-domain": "example.com" }, ["Domain=example.com", "Secure"], []],
    ["on https, for its own host", "https://shop.example/", {}, ["Secure"], ["Domain="]],
    ["on http: not Secure", "http://shop.example/", {}, [], ["Secure", "Domain="]],
  ])("keeps a new id by default in the first-party cookie _tv and in localStorage, %s", async (_what, href, attributes, has, hasNot) => {
    const page = openPage({ href, attributes });
    const id = page.visitorId();
    expect(id).toBe("id-1");
    expect(page.jar.get("_tv")).toBe("id-1");
    expect(page.storage.get("_tv")).toBe("id-1");
    const written = page.cookieWrites.at(-1) ?? "";
    for (const part of ["Path=/", "SameSite=Lax", "Max-Age=34560000", ...has]) expect(written).toContain(part);
    for (const part of hasNot) expect(written).not.toContain(part);
    await page.advance(flushMs);
    expect(page.events().map((e) => e["visitor_id"])).toEqual(["id-1"]);
  });

  it.each([
    ["the cookie's", { cookie: "_tv=kept-1", stored: "other" }, "kept-1"],
    ["localStorage's when the cookie is gone", { stored: "kept-2" }, "kept-2"],
    ["localStorage's when the cookie is one /collect would refuse", { cookie: "_tv=has%20space", stored: "kept-3" }, "kept-3"],
    ["a new one when the cookie does not decode", { cookie: "_tv=%E0%A4%A" }, "id-1"],
    ["a new one for every page view with data-cookies=off", { cookie: "_tv=kept-4", attributes: { "data-cookies": "off" } }, "id-1"],
  ])("uses %s id", async (_what, options, expected) => {
    const page = openPage(options);
    await page.advance(flushMs);
    expect(page.events()[0]?.["visitor_id"]).toBe(expected);
    expect(page.visitorId()).toBe(expected);
  });

  it("stores nothing with data-cookies=off", () => {
    const page = openPage({ attributes: { "data-cookies": "off" } });
    expect(page.cookieWrites).toEqual([]);
    expect(page.storage.size).toBe(0);
  });

  it("keeps the id in the cookie alone when localStorage is blocked", async () => {
    const page = openPage({ storageBlocked: true });
    expect(page.jar.get("_tv")).toBe("id-1");
    await page.advance(flushMs);
    expect(page.events()).toHaveLength(1);
  });

  it("keeps the id in localStorage alone where cookies throw, and forgets it there", async () => {
    const page = openPage({ cookieBlocked: true, stored: "kept-5" });
    await page.advance(flushMs);
    expect(page.events()[0]?.["visitor_id"]).toBe("kept-5");
    expect(() => page.tv("consent", false)).not.toThrow();
    expect(page.storage.has("_tv")).toBe(false);
  });

  it("sends the site's data-visitor-id when /collect would take it, storing nothing", async () => {
    const page = openPage({ attributes: { "data-visitor-id": "customer-42" } });
    await page.advance(flushMs);
    expect(page.events()[0]?.["visitor_id"]).toBe("customer-42");
    expect(page.visitorId()).toBe("customer-42");
    expect(page.warnings).toEqual([]);
    expect(page.cookieWrites).toEqual([]);
  });

  it.each([
    ["with a space", "customer 42"],
    ["too long", "c".repeat(129)],
    ["not ASCII", "kundé-42"],
    ["empty", ""],
  ])("falls back to an id of its own for a data-visitor-id %s, and says so in the console", async (_what, id) => {
    const page = openPage({ attributes: { "data-visitor-id": id } });
    await page.advance(flushMs);
    expect(page.events()[0]?.["visitor_id"]).toBe("id-1");
    expect(page.warnings).toHaveLength(1);
    expect(page.warnings[0]).toContain("data-visitor-id");
  });
});

describe("/t.js's consent", () => {
  it("holds everything in memory until consent, then stores the id and sends what it held", async () => {
    const page = openPage({ attributes: { "data-consent": "required" } });
    page.tv("track", "Viewed offer", { offer: 7 });
    await page.advance(10 * flushMs);
    expect(page.sent).toEqual([]);
    expect(page.cookieWrites).toEqual([]);
    expect(page.storage.size).toBe(0);
    page.tv("consent", true);
    await page.advance(flushMs);
    expect(page.events().map((e) => e["type"])).toEqual(["click", "track"]);
    expect(page.jar.get("_tv")).toBe(page.visitorId());
    expect(page.storage.get("_tv")).toBe(page.visitorId());
  });

  it("forgets the id and what it held when consent is refused, and sends nothing after", async () => {
    const page = openPage({ cookie: "_tv=kept-1", stored: "kept-1" });
    page.tv("track", "Viewed offer");
    page.tv("consent", false);
    page.tv("page");
    page.tv("identify", "c-1");
    page.history.pushState(null, "", "/next");
    await page.advance(10 * flushMs);
    expect(page.sent).toEqual([]);
    expect(page.jar.has("_tv")).toBe(false);
    expect(page.storage.has("_tv")).toBe(false);
    expect(page.visitorId()).toBeUndefined();
  });

  it("starts again with a new id when consent is given after a refusal", async () => {
    const page = openPage({ cookie: "_tv=kept-1" });
    page.tv("consent", false);
    page.tv("consent", true);
    page.tv("page");
    await page.advance(flushMs);
    expect(page.events().map((e) => e["visitor_id"])).toEqual([page.visitorId()]);
    expect(page.visitorId()).not.toBe("kept-1");
  });
});

describe("/t.js's calls", () => {
  it("keeps the calls made on the queue stub before it loaded, after the page's own land", async () => {
    const page = openPage({ queued: [["identify", "customer-7"], ["track", "Signed up", { plan: "pro" }]] });
    await page.advance(flushMs);
    expect(page.events().map(({ type, customer_id, name, props }) => ({ type, customer_id, name, props }))).toEqual([
      { type: "click", customer_id: undefined, name: undefined, props: undefined },
      { type: "identify", customer_id: "customer-7", name: undefined, props: undefined },
      { type: "track", customer_id: undefined, name: "Signed up", props: { plan: "pro" } },
    ]);
  });

  it("sends a page land for every history change of a single-page site, the previous page as referrer", async () => {
    const page = openPage({ href: "https://shop.example/?utm_source=newsletter", referrer: "https://mail.example/" });
    page.history.pushState(null, "", "/boots");
    page.history.replaceState(null, "", "/boots");
    page.setHref("https://shop.example/?utm_source=newsletter");
    page.fire("popstate");
    page.tv("page");
    await page.advance(flushMs);
    expect(page.events().map((e) => [e["url"], e["referrer"]])).toEqual([
      ["https://shop.example/?utm_source=newsletter", "https://mail.example/"],
      ["https://shop.example/boots", "https://shop.example/?utm_source=newsletter"],
      ["https://shop.example/?utm_source=newsletter", "https://shop.example/boots"],
      ["https://shop.example/?utm_source=newsletter", "https://shop.example/?utm_source=newsletter"],
    ]);
  });

  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  it.each([
    ["an unknown call", ["forget"], []],
    ["no call", [], []],
    ["a custom event without a name", ["track"], []],
    ["a custom event with a name too long", ["track", "n".repeat(129)], []],
    ["an identify with an id /collect would refuse", ["identify", "customer 42"], []],
    ["an identify with no id", ["identify"], []],
    ["a custom event with properties that are no JSON", ["track", "Cycled", cyclic], [null]],
    ["a custom event with too much in its properties", ["track", "Big", { text: "x".repeat(3000) }], [null]],
    ["a custom event with properties that are no object", ["track", "Listed", ["a"]], [null]],
  ])("never throws for %s, and sends what /collect takes", async (_what, call, props) => {
    const page = openPage();
    expect(() => page.tv(...call)).not.toThrow();
    await page.advance(flushMs);
    expect(page.events().slice(1).map((e) => e["props"])).toEqual(props);
  });
});

describe("/t.js's sending", () => {
  it("sends the events of a moment together, at most a batch a request", async () => {
    const page = openPage();
    for (let i = 0; i < batchSize + 9; i++) page.tv("track", `Step ${i}`);
    await page.advance(flushMs - 1);
    expect(page.sent).toEqual([]);
    await page.advance(1);
    expect(page.sent.map((s) => [s.via, s.events.length])).toEqual([["fetch", batchSize]]);
    await page.advance(flushMs);
    expect(page.sent.map((s) => [s.via, s.events.length])).toEqual([["fetch", batchSize], ["fetch", 10]]);
    expect(new Set(page.events().map((e) => e["event_id"])).size).toBe(batchSize + 10);
  });

  it.each([
    ["too many requests", 429],
    ["a server error", 503],
    ["a failed network", 0],
  ])("tries again after %s, with the same event ids, waiting twice as long each time", async (_what, status) => {
    const page = openPage({ statuses: [status, status] });
    await page.advance(flushMs);
    await page.advance(flushMs - 1);
    expect(page.sent).toHaveLength(1);
    await page.advance(1);
    expect(page.sent).toHaveLength(2);
    await page.advance(2 * flushMs - 1);
    expect(page.sent).toHaveLength(2);
    await page.advance(1);
    expect(page.sent).toHaveLength(3);
    await page.advance(longestRetryMs * 2);
    expect(page.sent).toHaveLength(3);
    expect(new Set(page.events().map((e) => e["event_id"]))).toEqual(new Set(["id-2"]));
  });

  it.each([
    ["refused", 400],
    ["sent with a revoked key", 401],
    ["too large", 413],
  ])("does not send a batch again that was %s", async (_what, status) => {
    const page = openPage({ statuses: [status] });
    await page.advance(longestRetryMs * 2);
    expect(page.sent).toHaveLength(1);
  });

  it("holds at most so many events while it cannot send", async () => {
    const page = openPage({ attributes: { "data-consent": "required" } });
    for (let i = 0; i < mostHeld + 50; i++) page.tv("track", `Step ${i}`);
    page.tv("consent", true);
    await page.advance(longestRetryMs);
    expect(page.events()).toHaveLength(mostHeld);
  });

  it.each([
    ["hidden", (page: ReturnType<typeof openPage>) => { page.document.visibilityState = "hidden"; page.fire("visibilitychange"); }],
    ["left", (page: ReturnType<typeof openPage>) => page.fire("pagehide")],
  ])("sends what it holds with sendBeacon when the page is %s, and never again", async (_what, leave) => {
    const page = openPage();
    page.tv("track", "Read the terms");
    leave(page);
    expect(page.sent.map((s) => [s.via, s.events.length])).toEqual([["beacon", 2]]);
    await page.advance(longestRetryMs);
    expect(page.sent).toHaveLength(1);
  });

  it("sends with sendBeacon where there is no fetch", async () => {
    const page = openPage({ noFetch: true });
    await page.advance(flushMs);
    expect(page.sent.map((s) => s.via)).toEqual(["beacon"]);
  });

  it("does nothing a second time when the page loads it twice", async () => {
    const page = openPage();
    expect(() => page.tv("page")).not.toThrow();
    await page.advance(flushMs);
    expect(page.events()).toHaveLength(2);
  });

  it("stays small", () => {
    expect(trackingScript.length).toBeLessThan(5 * 1024);
  });
});
