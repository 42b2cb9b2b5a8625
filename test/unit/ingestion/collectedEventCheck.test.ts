import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { collectedEventTaken } from "../../../src/domain/ingestion/collectedEventCheck";
import { CollectedEvent, maxUrlLength } from "../../../src/domain/ingestion/collection";

/**
 * The quick check of a collected event (src/domain/ingestion/collectedEventCheck.ts) against
 * the `CollectedEvent` Schema: it takes only what the Schema takes, with the Schema's value,
 * and it takes every ordinary event (or it would save nothing).
 */

const schemaAnswer = (raw: unknown): CollectedEvent | null => {
  const decoded = Schema.decodeUnknownEither(CollectedEvent)(raw, { errors: "all" });
  return Either.isRight(decoded) ? decoded.right : null;
};

const base = { event_id: "e-1", type: "click", time: 1_750_000_000_000, visitor_id: "v-1" };

/** `taken`: the quick check must take it (the Schema takes it too); otherwise it leaves it to the Schema. */
const cases: ReadonlyArray<{ readonly name: string; readonly raw: unknown; readonly taken: boolean }> = [
  { name: "the fields it needs", raw: base, taken: true },
  { name: "an impression", raw: { ...base, type: "impression" }, taken: true },
  { name: "every field", raw: { ...base, url: "https://shop.example/?utm_source=a", referrer: "https://www.google.com/", publisher_id: "p", cost_link: "c" }, taken: true },
  { name: "optional fields null", raw: { ...base, url: null, referrer: null, publisher_id: null, cost_link: null }, taken: true },
  { name: "empty URLs", raw: { ...base, url: "", referrer: "" }, taken: true },
  { name: "fields it does not know (dropped)", raw: { ...base, extra: 1, key: "pk_x" }, taken: true },
  { name: "time 0", raw: { ...base, time: 0 }, taken: true },
  { name: "the longest URL", raw: { ...base, url: "u".repeat(maxUrlLength) }, taken: true },
  { name: "a URL one too long", raw: { ...base, url: "u".repeat(maxUrlLength + 1) }, taken: false },
  { name: "the longest publisher id", raw: { ...base, publisher_id: "p".repeat(256) }, taken: true },
  { name: "a publisher id one too long", raw: { ...base, publisher_id: "p".repeat(257) }, taken: false },
  { name: "an empty cost link", raw: { ...base, cost_link: "" }, taken: false },
  { name: "text beyond ASCII in a URL", raw: { ...base, url: "https://shop.example/é?utm_campaign=日本" }, taken: true },
  { name: "a lone surrogate in a referrer", raw: { ...base, referrer: "https://x.example/\ud800" }, taken: false },
  { name: "a lone surrogate in a cost link", raw: { ...base, cost_link: "\udc00" }, taken: false },
  { name: "an id with a space", raw: { ...base, event_id: "e 1" }, taken: false },
  { name: "an id of 128 characters", raw: { ...base, visitor_id: "v".repeat(128) }, taken: true },
  { name: "an id of 129 characters", raw: { ...base, visitor_id: "v".repeat(129) }, taken: false },
  { name: "an empty id", raw: { ...base, event_id: "" }, taken: false },
  { name: "an id beyond ASCII", raw: { ...base, event_id: "é" }, taken: false },
  { name: "a numeric id", raw: { ...base, event_id: 1 }, taken: false },
  { name: "another type", raw: { ...base, type: "track" }, taken: false },
  { name: "no type", raw: { event_id: "e", time: 1, visitor_id: "v" }, taken: false },
  { name: "a fractional time", raw: { ...base, time: 1.5 }, taken: false },
  { name: "a negative time", raw: { ...base, time: -1 }, taken: false },
  { name: "a time past safe integers", raw: { ...base, time: 2 ** 53 }, taken: false },
  { name: "a time as text", raw: { ...base, time: "1750000000000" }, taken: false },
  { name: "a URL as a number", raw: { ...base, url: 5 }, taken: false },
  { name: "a URL present as undefined", raw: { ...base, url: undefined }, taken: false },
  { name: "null", raw: null, taken: false },
  { name: "an array", raw: [base], taken: false },
  { name: "text", raw: "event", taken: false },
];

describe("the quick check of a collected event", () => {
  it.each(cases)("$name: taken $taken, always as the Schema", ({ raw, taken }) => {
    const quick = collectedEventTaken(raw);
    const schema = schemaAnswer(raw);
    if (quick !== null) expect(quick).toStrictEqual(schema);
    expect(quick !== null).toBe(taken);
    if (taken) expect(schema).not.toBeNull();
  });

  it("never takes what the Schema refuses, nor answers otherwise, over events made of odd parts", () => {
    // A fixed sequence (no randomness from the clock): every choice a step of a linear congruential generator.
    let state = 20_251_129;
    const pick = <T,>(values: ReadonlyArray<T>): T => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return values[state % values.length] as T;
    };
    const texts = [undefined, null, "", "a", "x".repeat(256), "x".repeat(257), "\ud800", "é", 3, "https://s.example/?gclid=1"];
    const ids = [undefined, "", "id", "i d", "i".repeat(128), "i".repeat(129), 7, null];
    for (let n = 0; n < 3000; n++) {
      const raw: Record<string, unknown> = {};
      const put = (name: string, value: unknown) => {
        if (value !== undefined || pick([true, false])) raw[name] = value;
      };
      put("event_id", pick(ids));
      put("visitor_id", pick(ids));
      put("type", pick([undefined, "click", "impression", "identify", 1]));
      put("time", pick([undefined, 0, 5, -1, 1.25, 2 ** 53, "5", Number.NaN]));
      for (const name of ["url", "referrer", "publisher_id", "cost_link"]) put(name, pick(texts));
      const quick = collectedEventTaken(raw);
      if (quick !== null) expect(quick, JSON.stringify(raw)).toStrictEqual(schemaAnswer(raw));
    }
  });
});
