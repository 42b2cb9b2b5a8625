import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CollectBody, CollectedEvent } from "../../../src/domain/ingestion/collection";
import { Schema } from "effect";
import { trackingScript } from "../../../server/routes/trackingScript";

/** Runs /t.js in a page with the given tag attributes and cookie; answers what it sent, what it warned and the id it kept. */
const runOnPage = (attributes: Readonly<Record<string, string>>, cookie = "") => {
  const sent: string[] = [];
  const warnings: string[] = [];
  const page = {
    document: {
      currentScript: { src: "https://reports.example/t.js", getAttribute: (name: string) => attributes[name] ?? null },
      cookie,
      referrer: "",
    },
    location: { href: "https://shop.example/?utm_source=newsletter", protocol: "https:" },
    navigator: {
      sendBeacon: (_url: string, blob: { text: string }) => {
        sent.push(blob.text);
        return true;
      },
    },
    Blob: class {
      readonly text: string;
      constructor(parts: ReadonlyArray<string>) {
        this.text = parts.join("");
      }
    },
    crypto: { randomUUID: () => "page-own-id" },
    console: { warn: (message: string) => warnings.push(message) },
    URL,
    window: {} as Record<string, unknown>,
  };
  page.window = Object.assign(page.window, { crypto: page.crypto, console: page.console });
  runInNewContext(trackingScript, page);
  const body = Schema.decodeUnknownSync(CollectBody)(JSON.parse(sent[0] ?? "null"));
  const event = Schema.decodeUnknownSync(CollectedEvent)(body.events?.[0]);
  return { event, warnings, kept: page.window["tvVisitorId"] };
};

describe("/t.js's visitor id", () => {
  it("sends the site's data-visitor-id when /collect would take it, without a warning", () => {
    const { event, warnings, kept } = runOnPage({ "data-key": "pk_x", "data-visitor-id": "customer-42" });
    expect(event.visitor_id).toBe("customer-42");
    expect(kept).toBe("customer-42");
    expect(warnings).toEqual([]);
  });

  it.each([
    ["with a space", "customer 42"],
    ["too long", "c".repeat(129)],
    ["not ASCII", "kundé-42"],
    ["empty", ""],
  ])("falls back to an id of its own for a data-visitor-id %s, and says so in the console", (_what, id) => {
    const { event, warnings, kept } = runOnPage({ "data-key": "pk_x", "data-visitor-id": id });
    expect(event.visitor_id).toBe("page-own-id");
    expect(kept).toBe("page-own-id");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("data-visitor-id");
  });

  it("does not send a kept cookie /collect would refuse, nor fail on one that does not decode", () => {
    expect(runOnPage({ "data-key": "pk_x", "data-cookies": "on" }, "_tv=has%20space").event.visitor_id).toBe("page-own-id");
    expect(runOnPage({ "data-key": "pk_x", "data-cookies": "on" }, "_tv=%E0%A4%A").event.visitor_id).toBe("page-own-id");
    expect(runOnPage({ "data-key": "pk_x", "data-cookies": "on" }, "_tv=kept-1").event.visitor_id).toBe("kept-1");
  });
});
