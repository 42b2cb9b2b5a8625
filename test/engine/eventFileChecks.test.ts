import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxUrlLength } from "../../src/domain/ingestion/collection";
import { furthestAheadMs, oldestRowAgeMs, readEvents } from "../../server/engine/ingestion";
import {
  checkedEventsSql,
  enginesSql,
  eventFileColumns,
  landingsSql,
  passedHitColumns,
  passedHitsSql,
} from "../../server/warehouse/duckdb/eventFileChecks";
import { zoneParameters } from "../../server/warehouse/duckdb/zoneDays";
import type { IngestedHit } from "../../server/warehouse/ingestionQueries";

/**
 * The bulk import's set-wise checks (server/warehouse/duckdb/eventFileChecks.ts) against the
 * ingest path's reading in JavaScript (readEvents: the CollectedEvent Schema, the time window,
 * landingFieldsOf, dayInZone), over the same rows: every row the SQL passes is one readEvents
 * keeps, read into the very same hit; every row readEvents refuses (each reason and field) is
 * one the SQL leaves to JavaScript; and the plain rows a file mostly holds pass in SQL.
 */

const now = Date.parse("2025-06-02T09:00:00Z");
const hour = 3_600_000;
const base = { event_id: "e-1", type: "click", time: now - 5 * hour, visitor_id: "v-1" };
const long = (n: number, c = "a") => c.repeat(n);

type Values = Readonly<Record<string, string | number>>;
type Expected = "passes" | "left to JavaScript" | "invalid" | "out_of_range";

/** A row as the file reader gives it (an absent field left out), and what should become of it. */
const cases: ReadonlyArray<readonly [string, Values, Expected]> = [
  ["a click with no landing", base, "passes"],
  ["an impression", { ...base, type: "impression" }, "passes"],
  ["every utm parameter", { ...base, url: "https://shop.example/p?utm_source=news&utm_medium=email&utm_campaign=June&utm_content=hero&utm_term=boots" }, "passes"],
  ["a path and no query", { ...base, url: "https://shop.example/p/1" }, "passes"],
  ["an empty query", { ...base, url: "https://shop.example/p?" }, "passes"],
  ["a gclid alone", { ...base, url: "https://shop.example/?gclid=Cj0KCQ" }, "passes"],
  ["a gclid beside utm_source", { ...base, url: "https://shop.example/?utm_source=bing&gclid=x" }, "passes"],
  ["a gclid given empty", { ...base, url: "https://shop.example/?gclid=", referrer: "https://www.google.com/" }, "passes"],
  ["utm_medium alone", { ...base, url: "https://shop.example/?utm_medium=cpc", referrer: "https://www.google.com/" }, "passes"],
  ["a search referrer", { ...base, referrer: "https://www.google.co.uk/search?q=boots" }, "passes"],
  ["a search referrer in capitals", { ...base, referrer: "HTTPS://WWW.DuckDuckGo.COM/" }, "passes"],
  ["an engine as the host's last label", { ...base, referrer: "https://news.google/" }, "passes"],
  ["an engine's name inside a label", { ...base, referrer: "https://notgoogle.com/" }, "passes"],
  ["two engines: the list's order", { ...base, referrer: "https://bing.google.com/" }, "passes"],
  ["a referrer with a port", { ...base, referrer: "https://search.yahoo.com:443/x" }, "passes"],
  ["a referrer without a scheme", { ...base, referrer: "www.google.com/" }, "passes"],
  ["a referrer not a search engine", { ...base, referrer: "https://blog.example/" }, "passes"],
  ["an escaped space", { ...base, url: "https://shop.example/?utm_campaign=Spring%20Sale&utm_source=a" }, "passes"],
  ["a plus for a space", { ...base, url: "https://shop.example/?utm_campaign=Spring+Sale&utm_source=a" }, "passes"],
  ["spaces around a value", { ...base, url: "https://shop.example/?utm_source=+google+&utm_medium=%20cpc%20" }, "passes"],
  ["a value of spaces only", { ...base, url: "https://shop.example/?utm_source=%20&utm_medium=+", referrer: "https://www.bing.com/" }, "passes"],
  ["an escaped plus and percent", { ...base, url: "https://shop.example/?utm_source=a%2Bb%25c" }, "passes"],
  ["a repeated parameter: the first", { ...base, url: "https://shop.example/?utm_source=a&utm_source=b" }, "passes"],
  ["a repeated parameter, the first empty", { ...base, url: "https://shop.example/?utm_source&utm_source=b&gclid=z" }, "passes"],
  ["a value holding =", { ...base, url: "https://shop.example/?utm_campaign=a=b&utm_source=s" }, "passes"],
  ["a name that only starts alike", { ...base, url: "https://shop.example/?utm_sourcex=a&xutm_source=b" }, "passes"],
  ["empty pairs", { ...base, url: "https://shop.example/?&&utm_source=a&&" }, "passes"],
  ["a fragment after the query", { ...base, url: "https://shop.example/?utm_source=a#utm_medium=b" }, "passes"],
  ["a fragment before a question mark", { ...base, url: "https://shop.example/#x?utm_source=a" }, "passes"],
  ["a relative landing", { ...base, url: "/p?utm_source=a&utm_medium=b" }, "passes"],
  ["a value longer than 256", { ...base, url: `https://shop.example/?utm_campaign=${long(300)}&utm_source=s` }, "passes"],
  ["publisher and cost link", { ...base, publisher_id: "pub 7", cost_link: "link-3" }, "passes"],
  ["a publisher id of 256", { ...base, publisher_id: long(256) }, "passes"],
  ["ids of 128 printable characters", { ...base, event_id: long(128, "~"), visitor_id: "!#$%&'()*+,-./:;<=>?@[]^_`{|}" }, "passes"],
  ["a landing of 2048", { ...base, url: `https://shop.example/${long(maxUrlLength - 21)}` }, "passes"],
  ["the earliest time kept", { ...base, time: now - oldestRowAgeMs }, "passes"],
  ["the latest time kept", { ...base, time: now + furthestAheadMs }, "passes"],
  ["a time near midnight", { ...base, time: Date.parse("2025-06-01T23:30:00Z") }, "passes"],
  ["a time at midnight", { ...base, time: Date.parse("2025-06-02T00:00:00Z") }, "passes"],
  ["a time at 22:30 UTC in summer (the next day in Berlin)", { ...base, time: Date.parse("2025-06-01T22:30:00Z") }, "passes"],
  ["a time at 23:30 UTC in winter (the next day in Berlin)", { ...base, time: Date.parse("2025-01-15T23:30:00Z") }, "passes"],
  ["a time in the hour the clocks go forward", { ...base, time: Date.parse("2025-03-30T01:30:00Z") }, "passes"],
  ["a time at 04:30 UTC (the day before in New York)", { ...base, time: Date.parse("2025-06-01T04:30:00Z") }, "passes"],

  // Campaign names beyond ASCII as browsers send them: the escapes of whole UTF-8 characters pass and read as JavaScript reads them.
  ["two-byte escapes", { ...base, url: "https://shop.example/?utm_campaign=%C3%89t%C3%A9&utm_source=a" }, "passes"],
  ["escapes in lower case", { ...base, url: "https://shop.example/?utm_campaign=%c3%a9t%c3%a9+soldes" }, "passes"],
  ["three-byte escapes", { ...base, url: `https://shop.example/?utm_campaign=${encodeURIComponent("夏のセール €")}&utm_term=${encodeURIComponent("ɐ ꯍ ￼")}` }, "passes"],
  ["Cyrillic with plus signs", { ...base, url: `https://shop.example/?utm_source=${encodeURIComponent("Рассылка").replaceAll("%20", "+")}+&utm_medium=email` }, "passes"],
  ["a four-byte escape (an emoji)", { ...base, url: `https://shop.example/?utm_campaign=${encodeURIComponent("Nöel 🎄")}&utm_content=%F0%90%80%80%F4%8F%BF%BF` }, "passes"],
  ["the edges of each length", { ...base, url: "https://shop.example/?utm_campaign=%C2%80%DF%BF%E0%A0%80%ED%9F%BF%EE%80%80%EF%BF%BF" }, "passes"],
  ["no-break and other spaces around a value", { ...base, url: "https://shop.example/?utm_source=%C2%A0%E2%80%83a%C2%A0b%E3%80%80%EF%BB%BF&utm_medium=%E2%80%A8m%E2%80%A9" }, "passes"],
  ["a value of Unicode spaces only", { ...base, url: "https://shop.example/?utm_source=%E2%80%AF%E2%81%9F%E1%9A%80&utm_medium=%C2%A0", referrer: "https://www.bing.com/" }, "passes"],
  ["a value of 256 two-byte characters and more", { ...base, url: `https://shop.example/?utm_campaign=${"%C3%A9".repeat(300)}&utm_source=s` }, "passes"],
  ["an emoji in a short query", { ...base, url: `https://shop.example/?utm_campaign=${"%F0%9F%8E%84".repeat(20)}` }, "passes"],
  ["an emoji across the 256th character", { ...base, url: `https://shop.example/?utm_campaign=${long(255)}%F0%9F%8E%84b` }, "left to JavaScript"],
  ["an emoji beside a long pair", { ...base, url: `https://shop.example/?utm_campaign=%F0%9F%8E%84&gclid=${long(300)}` }, "left to JavaScript"],
  // Characters beyond ASCII as they are (a file of decoded URLs): URLSearchParams keeps them, and so does the SQL.
  ["a landing beyond ASCII", { ...base, url: "https://shop.example/?utm_campaign=été&utm_source=a" }, "passes"],
  ["raw and escaped beyond ASCII", { ...base, url: "https://shop.example/?utm_campaign=夏の%E3%82%BB%E3%83%BC%E3%83%AB+Été&utm_term=Ωμέγα" }, "passes"],
  ["raw Unicode spaces around a value", { ...base, url: "https://shop.example/?utm_source=\u3000a\u00a0b\u2003&utm_medium=\ufeffm\u2029" }, "passes"],
  ["a raw emoji in a short query", { ...base, url: "https://shop.example/?utm_campaign=Nöel🎄&utm_source=s" }, "passes"],
  ["raw two-byte characters past 256", { ...base, url: `https://shop.example/?utm_campaign=${long(300, "é")}&utm_source=s` }, "passes"],
  ["a raw emoji across the 256th character", { ...base, url: `https://shop.example/?utm_campaign=${long(255)}🎄b` }, "left to JavaScript"],
  ["a raw emoji in a pair longer than 128", { ...base, url: `https://shop.example/?utm_campaign=🎄${long(130)}` }, "left to JavaScript"],
  ["a raw character beyond ASCII in a name", { ...base, url: "https://shop.example/?utm_sourcé=a" }, "left to JavaScript"],
  ["a lead byte alone", { ...base, url: "https://shop.example/?utm_campaign=%C3t%C3%A9" }, "left to JavaScript"],
  ["a Latin-1 escape", { ...base, url: "https://shop.example/?utm_campaign=%E9t%E9" }, "left to JavaScript"],
  ["a continuation byte alone", { ...base, url: "https://shop.example/?utm_campaign=%A9" }, "left to JavaScript"],
  ["an overlong form", { ...base, url: "https://shop.example/?utm_campaign=%C0%AF%E0%80%AF" }, "left to JavaScript"],
  ["an escaped surrogate", { ...base, url: "https://shop.example/?utm_campaign=%ED%A0%80%ED%B0%80" }, "left to JavaScript"],
  ["beyond U+10FFFF", { ...base, url: "https://shop.example/?utm_campaign=%F4%90%80%80" }, "left to JavaScript"],
  ["a cut four-byte escape", { ...base, url: "https://shop.example/?utm_campaign=%F0%9F%8E" }, "left to JavaScript"],
  ["a five-byte lead", { ...base, url: "https://shop.example/?utm_campaign=%F8%88%80%80%80" }, "left to JavaScript"],
  ["an escaped name", { ...base, url: "https://shop.example/?utm%5Fsource=a" }, "left to JavaScript"],
  ["a bad escape", { ...base, url: "https://shop.example/?utm_source=100%&utm_medium=%zz" }, "left to JavaScript"],
  ["a second question mark", { ...base, url: "https://shop.example/??utm_source=a" }, "left to JavaScript"],
  ["a space in the query", { ...base, url: "https://shop.example/?utm_source=a b" }, "left to JavaScript"],
  ["an escaped tab", { ...base, url: "https://shop.example/?utm_source=%09a" }, "left to JavaScript"],
  ["a referrer with a tab", { ...base, referrer: "\thttps://www.google.com/" }, "left to JavaScript"],
  ["a referrer beyond ASCII", { ...base, referrer: "https://www.google.com/sëarch" }, "left to JavaScript"],
  ["a landing of 2048 characters and more bytes", { ...base, url: `https://shop.example/${long(maxUrlLength - 21, "é")}` }, "left to JavaScript"],
  ["a cost link of 256 characters and more bytes", { ...base, cost_link: long(256, "é") }, "left to JavaScript"],

  ["no event id", { type: "click", time: now, visitor_id: "v" }, "invalid"],
  ["an event id with a space", { ...base, event_id: "e 1" }, "invalid"],
  ["an event id of 129", { ...base, event_id: long(129) }, "invalid"],
  ["an event id beyond ASCII", { ...base, event_id: "é" }, "invalid"],
  ["no visitor", { event_id: "e", type: "click", time: now }, "invalid"],
  ["a visitor id of 129", { ...base, visitor_id: long(129) }, "invalid"],
  ["no type", { event_id: "e", time: now, visitor_id: "v" }, "invalid"],
  ["a type not known", { ...base, type: "scroll" }, "invalid"],
  ["a type in capitals", { ...base, type: "Click" }, "invalid"],
  ["no time", { event_id: "e", type: "click", visitor_id: "v" }, "invalid"],
  ["a time with a fraction", { ...base, time: now - 0.5 }, "invalid"],
  ["a negative time", { ...base, time: -1 }, "invalid"],
  ["a time as text", { ...base, time: "2025-06-01" }, "invalid"],
  ["a landing of 2049", { ...base, url: `https://shop.example/${long(maxUrlLength - 20)}` }, "invalid"],
  ["a referrer of 2049", { ...base, referrer: `https://ref.example/${long(maxUrlLength - 19)}` }, "invalid"],
  ["a publisher id of 257", { ...base, publisher_id: long(257) }, "invalid"],
  ["a cost link of 257", { ...base, cost_link: long(257) }, "invalid"],
  ["many faults at once", { event_id: "e 1", type: "scroll", time: 1.5, url: long(maxUrlLength + 1) }, "invalid"],
  ["a time more than a day ahead", { ...base, time: now + furthestAheadMs + 1 }, "out_of_range"],
  ["a time older than the history kept", { ...base, time: now - oldestRowAgeMs - 1 }, "out_of_range"],
  ["a time far ahead with a fraction", { ...base, time: now + 10 * furthestAheadMs + 0.5 }, "invalid"],
];

/** A program whose days are taken in `zone`: an IANA zone, or an older program's fixed offset. */
const program = (zone: string) => ({
  id: 1,
  code: "northwind",
  name: "Northwind",
  currency: "GBP",
  ...(zone.startsWith("+") || zone.startsWith("-") ? { utc_offset: zone } : { utc_offset: "+00:00", time_zone: zone }),
  locale: "en-GB",
});

/** A hit as the SQL gives it, in readEvents' shape. */
const hitOf = (r: Record<string, unknown>): IngestedHit => ({
  eventId: String(r["event_id"]),
  visitorId: String(r["visitor_id"]),
  ts: Number(r["ts"]),
  hitDate: String(r["hit_date"]),
  eventType: r["event_type"] as IngestedHit["eventType"],
  source: (r["source"] as string | null) ?? null,
  medium: (r["medium"] as string | null) ?? null,
  campaign: (r["campaign"] as string | null) ?? null,
  content: (r["content"] as string | null) ?? null,
  term: (r["term"] as string | null) ?? null,
  referrer: (r["referrer"] as string | null) ?? null,
  landingUrl: (r["landing_url"] as string | null) ?? null,
  publisherId: (r["publisher_id"] as string | null) ?? null,
  costLink: (r["cost_link"] as string | null) ?? null,
});

describe("the bulk import's set-wise checks of events", () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;

  beforeAll(async () => {
    instance = await DuckDBInstance.create(":memory:");
    connection = await instance.connect();
    await connection.run(
      `CREATE TABLE sent (place BIGINT, ${eventFileColumns.map((c) => `${c} ${c === "time" ? "DOUBLE" : "VARCHAR"}`).join(", ")})`,
    );
    const appender = await connection.createAppender("sent");
    cases.forEach(([, values], i) => {
      appender.appendBigInt(BigInt(i + 1));
      for (const column of eventFileColumns) {
        const value = values[column];
        if (value === undefined) appender.appendNull();
        else if (column === "time") {
          // A time the reader could not read as a number is null in the file's rows (and refused before).
          if (typeof value === "number") appender.appendDouble(value);
          else appender.appendNull();
        } else appender.appendVarchar(String(value));
      }
      appender.endRow();
    });
    appender.flushSync();
    appender.closeSync();
  });
  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });

  /** What the SQL makes of every row for a program of `offset`: whether it passes, and its hit when it does. */
  const checked = async (offset: string) => {
    await connection.run(`CREATE OR REPLACE TEMP TABLE checked AS ${checkedEventsSql("sent", 1)}`, [now - oldestRowAgeMs, now + furthestAheadMs, ...zoneParameters(offset)]);
    await connection.run(`CREATE OR REPLACE TEMP TABLE landings AS ${landingsSql("checked")}`);
    await connection.run(`CREATE OR REPLACE TEMP TABLE engines AS ${enginesSql("checked")}`);
    const passes = (await connection.runAndReadAll("SELECT place, passes FROM checked ORDER BY place")).getRowObjectsJS();
    const hits = (await connection.runAndReadAll(`SELECT ${passedHitColumns.join(", ")} FROM (${passedHitsSql("checked", "landings", "engines")}) ORDER BY place`)).getRowObjectsJS();
    return {
      passes: new Map(passes.map((r) => [Number(r["place"]), r["passes"] === true])),
      hits: new Map(hits.map((r) => [Number(r["place"]), hitOf(r)])),
    };
  };

  // A row whose time the reader gives as text is refused before (an unreadable column); here it stands for a JSON value.
  const javascriptOf = (values: Values, offset: string) => readEvents([values], program(offset), now);

  it("a lone surrogate in a landing is refused by the ingest path; the import never hands one to the SQL", () => {
    // A CSV or Parquet file cannot hold one (not UTF-8); an NDJSON row escaping one is refused before DuckDB reads the file
    // (malformedTextRows, test/engine/bulkImport.test.ts), so the SQL only ever sees well-formed text.
    const read = javascriptOf({ ...base, url: "https://shop.example/?utm_campaign=No\ud800el" }, "+00:00");
    expect(read.refusals.map((r) => [r.reason, r.detail.split(";")[0]])).toEqual([["invalid", "url: malformed text (a lone UTF-16 surrogate)"]]);
  });

  for (const offset of ["+00:00", "-05:00", "+05:30", "Europe/Berlin", "America/New_York"]) {
    describe(`for a program at ${offset}`, () => {
      let sql: Awaited<ReturnType<typeof checked>>;
      beforeAll(async () => {
        sql = await checked(offset);
      });

      it.each(cases.map(([name, values, expected], i) => ({ name, values, expected, place: i + 1 })))(
        "$name: $expected",
        ({ values, expected, place }) => {
          const read = javascriptOf(values, offset);
          const passes = sql.passes.get(place);
          if (expected === "invalid" || expected === "out_of_range") {
            expect(read.refusals.map((r) => r.reason)).toEqual([expected]);
            expect(passes).toBe(false);
            expect(sql.hits.has(place)).toBe(false);
            return;
          }
          // Kept by the ingest path: passed in SQL into the same hit, or left to JavaScript.
          expect(read.refusals).toEqual([]);
          expect(passes).toBe(expected === "passes");
          if (expected === "passes") expect(sql.hits.get(place)).toEqual(read.rows[0]);
          else expect(sql.hits.has(place)).toBe(false);
        },
      );
    });
  }
});
