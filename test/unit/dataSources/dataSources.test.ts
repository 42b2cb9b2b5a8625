import { describe, expect, it } from "vitest";
import {
  absoluteApiBase,
  collectSnippet,
  collectionOrigin,
  durationWords,
  keyLastUsedWords,
  keyStatusWords,
  lagWords,
  lastArrivalWords,
  orderFeedSnippet,
  queueStub,
  refusedLines,
  scriptSnippet,
} from "../../../src/domain/dataSources/dataSources";

const key = "wk_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

describe("scriptSnippet", () => {
  it.each([
    ["https://reports.example", {}, `<script async src="https://reports.example/t.js" data-key="${key}"></script>`],
    ["http://127.0.0.1:8080", {}, `<script async src="http://127.0.0.1:8080/t.js" data-key="${key}"></script>`],
    ['https://x.example/"><b', {}, `<script async src="https://x.example/&quot;>&lt;b/t.js" data-key="${key}"></script>`],
    ["https://reports.example", { consent: true }, `<script async src="https://reports.example/t.js" data-key="${key}" data-consent="required"></script>`],
  ])("from %s %j: the queue stub, then the script tag", (origin, options, tag) => {
    expect(scriptSnippet(origin, key, options).split("\n")).toEqual([queueStub, tag]);
  });
});

describe("collectSnippet", () => {
  it("posts one page land from a server, the key as a bearer token (not in the body), dated by the time given", () => {
    const lines = collectSnippet("https://reports.example", key, 1_750_000_000_000).split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "curl -X POST 'https://reports.example/collect' \\",
      `  -H 'Authorization: Bearer ${key}' \\`,
      "  -H 'Content-Type: application/json' \\",
    ]);
    const body = JSON.parse(/^ {2}-d '(.*)'$/.exec(lines[3] ?? "")?.[1] ?? "null") as { key?: string; events: ReadonlyArray<Record<string, unknown>> };
    expect(body.key).toBeUndefined();
    expect(body.events).toMatchObject([{ event_id: "example-1750000000000", type: "click", time: 1_750_000_000_000, visitor_id: "VISITOR_ID" }]);
  });
});

describe("orderFeedSnippet", () => {
  it("posts one order of the program's currency, its visitor and customer, with the key as a bearer token", () => {
    const text = orderFeedSnippet("https://reports.example/api", "northwind", key, { currency: "GBP", time: 1_750_000_000_000 });
    expect(text.split("\n")).toEqual([
      "curl -X POST 'https://reports.example/api/programs/northwind/orders' \\",
      `  -H 'Authorization: Bearer ${key}' \\`,
      "  -H 'Content-Type: application/json' \\",
      `  -d '{"order_id":"1001","time":1750000000000,"amount":59.9,"currency":"GBP","status":"valid","customer_type":"new","payment":"card","visitor_id":"VISITOR_ID","customer_id":"CUSTOMER_ID"}'`,
    ]);
  });
  it("keeps a quote in the address inside its shell word", () => {
    expect(orderFeedSnippet("https://x.example/it's", "p", "k", { currency: "EUR", time: 0 }).split("\n")[0]).toBe(
      "curl -X POST 'https://x.example/it'\\''s/programs/p/orders' \\",
    );
  });
});

describe("where the snippets point", () => {
  it.each([
    ["/api", "http://localhost:8080", "http://localhost:8080", "http://localhost:8080/api"],
    ["https://api.example.com/api", "http://localhost:5173", "https://api.example.com", "https://api.example.com/api"],
    ["https://api.example.com/api/", "http://localhost:5173", "https://api.example.com", "https://api.example.com/api"],
  ])("API %s on page %s", (api, page, origin, base) => {
    expect(collectionOrigin(api, page)).toBe(origin);
    expect(absoluteApiBase(api, page)).toBe(base);
  });
});

describe("durationWords", () => {
  it.each([
    [0, "0 s"],
    [999, "0 s"],
    [4_200, "4 s"],
    [60_000, "1 min"],
    [125_000, "2 min 5 s"],
    [3 * 3_600_000, "3 h"],
    [3 * 3_600_000 + 10 * 60_000, "3 h 10 min"],
    [50 * 3_600_000, "2 days"],
    [-5_000, "0 s"],
  ])("%d ms", (ms, words) => {
    expect(durationWords(ms)).toBe(words);
  });
});

describe("health wording", () => {
  it.each([
    [0, "Caught up"],
    [-10, "Caught up"],
    [4_000, "4 s behind"],
    [61_000, "1 min 1 s behind"],
  ])("lag %d ms", (ms, words) => {
    expect(lagWords(ms)).toBe(words);
  });

  it.each([
    [null, 1000, "Never"],
    [1000, 1000, "0 s ago"],
    [0, 90_000, "1 min 30 s ago"],
  ])("last arrival %s at %d", (at, now, words) => {
    expect(lastArrivalWords(at, now)).toBe(words);
  });

  it.each([
    [[], ["None"]],
    [[{ kind: "event", reason: "invalid", rows: 3 }], ["3 events: missing or malformed fields"]],
    [
      [
        { kind: "order", reason: "currency", rows: 1 },
        { kind: "event", reason: "bot", rows: 1200 },
        { kind: "event", reason: "out_of_range", rows: 1 },
      ],
      ["1 order: another currency", "1,200 events: robots", "1 event: time out of range"],
    ],
  ] as const)("refused %j", (refused, lines) => {
    expect(refusedLines(refused, (n) => n.toLocaleString("en"))).toEqual(lines);
  });

  it.each([
    [{ id: 1, prefix: "wk_abcdefg", kind: "legacy" as const, created_at: 0, revoked_at: null, last_used_at: null }, "Active"],
    [{ id: 1, prefix: "wk_abcdefg", kind: "legacy" as const, created_at: 0, revoked_at: 86_400_000, last_used_at: null }, "Revoked 1970-01-02"],
  ])("key status %#", (key, words) => {
    expect(keyStatusWords(key, (ms) => new Date(ms).toISOString().slice(0, 10))).toBe(words);
  });

  it.each([
    [{ id: 1, prefix: "pk_abcdefg", kind: "publishable" as const, created_at: 0, revoked_at: null, last_used_at: null }, "Not known"],
    [{ id: 1, prefix: "sk_abcdefg", kind: "secret" as const, created_at: 0, revoked_at: null, last_used_at: 90_000_000 }, "1970-01-02T01:00"],
  ])("key last used %#", (key, words) => {
    expect(keyLastUsedWords(key, (ms) => new Date(ms).toISOString().slice(0, 16))).toBe(words);
  });
});
