import { maxUrlLength } from "../../../src/domain/ingestion/collection";
import { searchEngines } from "../../../src/domain/ingestion/landing";
import { dayInZoneSql } from "./zoneDays";

/**
 * The checks of a bulk import's events done set-wise in DuckDB (docs/engine.md, "Bulk
 * import"): a row passes them only when the ingest path's own reading (the CollectedEvent
 * Schema, the time window, landingFieldsOf, dayInZone) would accept it, and then the
 * SQL gives the very fields that reading gives. They are deliberately narrower than the
 * Schema: a row they do not pass is not refused here but read by the ingest path in
 * JavaScript, which refuses it with its reason or keeps it. So a landing URL whose query
 * has an escape of no whole UTF-8 character (escapes of whole ones pass, as do characters beyond ASCII as they are),
 * a space, a `?`, a `#` or an encoded parameter name, a
 * referrer with a space or a character beyond ASCII, or a text longer in bytes than its
 * limit in characters, is left to JavaScript. test/engine/eventFileChecks.test.ts holds
 * the two to the same answers over rows of every refusal reason and every landing rule.
 */

/** The columns of an events file as staged: the wire fields as read (texts trimmed, null when empty; the time in epoch ms). */
export const eventFileColumns = ["event_id", "type", "time", "visitor_id", "url", "referrer", "publisher_id", "cost_link"] as const;

/** An id: 1 to 128 printable ASCII characters (SentId). */
const idPasses = (column: string): string => `regexp_full_match(${column}, '[!-~]{1,128}')`;

/** At most `limit` characters: counted in bytes, never fewer than JavaScript's UTF-16 units. */
const fitsIn = (column: string, limit: number): string => `(${column} IS NULL OR strlen(${column}) <= ${limit})`;

// A query a URLSearchParams reads exactly as the SQL below: pairs split on `&`, names of plain characters (no `%` or
// `+` to decode), values of plain characters, `+`, percent escapes of printable ASCII and the escapes of a whole UTF-8
// character beyond ASCII (what a browser sends for a campaign name such as `Été`: `%C3%89t%C3%A9`).
const nameCharacters = "[A-Za-z0-9._~!$()*,;:@/-]";
const hex = "[0-9A-Fa-f]";
/** An escaped continuation byte (0x80-0xBF). */
const tail = `%[89ABab]${hex}`;
/**
 * The escapes of one well-formed UTF-8 character beyond ASCII (RFC 3629's table): no overlong form, no surrogate
 * (U+D800-U+DFFF), nothing beyond U+10FFFF. Anything else (`%C3` alone, `%E9`, `%C0%AF`, `%ED%A0%80`) a
 * URLSearchParams reads as U+FFFD, and DuckDB's url_decode refuses, so it is left to JavaScript.
 */
export const utf8Escapes = [
  `%[Cc][2-9A-Fa-f]${tail}`,
  `%[Dd]${hex}${tail}`,
  `%[Ee]0%[ABab]${hex}${tail}`,
  `%[Ee][1-9A-Ca-c]${tail}${tail}`,
  `%[Ee][Dd]%[89]${hex}${tail}`,
  `%[Ee][EFef]${tail}${tail}`,
  `%[Ff]0%[9ABab]${hex}${tail}${tail}`,
  `%[Ff][1-3]${tail}${tail}${tail}`,
  `%[Ff]4%8${hex}${tail}${tail}`,
].join("|");
/** A character beyond ASCII written as it is (a file of decoded URLs): URLSearchParams keeps it as it is. */
const beyondAscii = "[\\x{80}-\\x{10FFFF}]";
const valueCharacters = `(?:[A-Za-z0-9._~!$()*,;:@/=+-]|%[2-7]${hex}|${utf8Escapes}|${beyondAscii})`;
const pair = `${nameCharacters}*(?:=${valueCharacters}*)?`;
const plainQuery = `(?:${pair})(?:&${pair})*`;

/** The query of a landing URL: after its first `?`, before its first `#` ('' without one). */
const queryOf = (url: string): string =>
  `CASE WHEN strpos(split_part(coalesce(${url}, ''), '#', 1), '?') = 0 THEN ''
    ELSE substr(split_part(${url}, '#', 1), strpos(split_part(${url}, '#', 1), '?') + 1) END`;

/** The parameters the landing fields read, by their name in a query. */
const parameters = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "gclid"] as const;

/** The value of the first pair named `name` (`pairs` the query split on `&`, `names` their names), or null. */
const rawParameterOf = (name: string): string => `substr(pairs[list_position(names, '${name}')], ${name.length + 2}) AS ${name}_raw`;

/**
 * What JavaScript's String.prototype.trim removes that a decoded value can hold: the space, no-break spaces, the other
 * spaces of Unicode's Zs, the line and paragraph separators and the byte order mark (a tab or a line feed cannot be
 * in a passing value: their escapes are not printable ASCII).
 */
export const trimmedCodePoints = [0x20, 0xa0, 0x1680, ...Array.from({ length: 11 }, (_, i) => 0x2000 + i), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
const trimmed = trimmedCodePoints.map((c) => `chr(${c})`).join(" || ");

/**
 * URLSearchParams.get(name) trimmed, null when empty, at most 256 characters: the raw value, `+` read as a space, escapes
 * decoded (a value holding characters beyond ASCII as they are: trimmed too). DuckDB's `left` counts code points where
 * JavaScript's `slice` counts UTF-16 units: they differ only past a character beyond the BMP, which `neverCutInside`
 * keeps out of any value long enough to be cut.
 */
const parameterOf = (name: string): string =>
  `nullif(left(CASE WHEN strpos(${name}_raw, '%') > 0 OR strpos(${name}_raw, '+') > 0
    THEN trim(url_decode(replace(${name}_raw, '+', ' ')), ${trimmed})
    WHEN strlen(${name}_raw) > length(${name}_raw) THEN trim(${name}_raw, ${trimmed}) ELSE ${name}_raw END, 256), '') AS ${name}`;

/**
 * No value of the query is cut inside a character beyond the BMP (two UTF-16 units, one code point): a query holding
 * one passes only when its pairs are short enough for no value to reach 256 UTF-16 units. An escaped one (`%F0…`, twelve
 * characters for two units) when no pair is longer than 256 characters; one written as it is when none is longer than 128.
 */
const pairsAtMost = (query: string, n: number): string => `len(list_filter(string_split(${query}, '&'), p -> length(p) > ${n})) = 0`;
const neverCutInside = (query: string): string =>
  `(NOT (contains(${query}, '%F') OR contains(${query}, '%f')) OR ${pairsAtMost(query, 256)})
    AND (strlen(${query}) = length(${query}) OR NOT regexp_matches(${query}, '[\\x{10000}-\\x{10FFFF}]') OR ${pairsAtMost(query, 128)})`;

/** searchEngineOf: the first engine, in the list's order, naming a label of the referrer's host other than the last. */
const engineOf = (referrer: string): string => {
  const host = `lower(regexp_extract(${referrer}, '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#:@]+)', 1))`;
  return `CASE ${searchEngines.map((engine) => `WHEN regexp_matches(${host}, '(?:^|\\.)${engine}\\.') THEN '${engine}'`).join(" ")} END`;
};

/**
 * A SELECT over `source` (a `place` and the `eventFileColumns`) answering each row's place, whether it passes
 * (`passes`), its fields as read under the names of a hit (ts, event_id, visitor_id, event_type, referrer,
 * landing_url, publisher_id, cost_link), its landing URL's `query`, and for a row that passes its `hit_date`.
 * Parameters from `$first`: the earliest time kept, the latest, and the program's time zone as `zoneParameters` gives it
 * (its IANA zone or NULL, and a fixed UTC offset).
 */
export const checkedEventsSql = (source: string, first: number): string => `
  SELECT place, passes, time AS ts, event_id, visitor_id, type AS event_type, query, referrer, url AS landing_url, publisher_id, cost_link,
    CASE WHEN passes THEN CAST(${dayInZoneSql("time", `CAST($${first + 2} AS VARCHAR)`, `CAST($${first + 3} AS VARCHAR)`)} AS VARCHAR) END AS hit_date
  FROM (
    SELECT *, coalesce(
        event_id IS NOT NULL AND ${idPasses("event_id")}
        AND visitor_id IS NOT NULL AND ${idPasses("visitor_id")}
        AND type IN ('click', 'impression')
        AND time IS NOT NULL AND isfinite(time) AND time = trunc(time) AND time >= 0
        AND time >= CAST($${first} AS DOUBLE) AND time <= CAST($${first + 1} AS DOUBLE)
        AND ${fitsIn("url", maxUrlLength)} AND (url IS NULL OR regexp_full_match(query, '${plainQuery}'))
        AND ${neverCutInside("query")}
        AND ${fitsIn("referrer", maxUrlLength)} AND (referrer IS NULL OR regexp_full_match(referrer, '[!-~]*'))
        AND ${fitsIn("publisher_id", 256)} AND ${fitsIn("cost_link", 256)},
      false) AS passes
    FROM (SELECT *, ${queryOf("url")} AS query FROM ${source})
  )`;

/**
 * The landing fields of each distinct query of the rows of `checked` (checkedEventsSql's) that pass: landing
 * URLs repeat (pages and campaigns, not visitors), so each is read once. Answers query, the utm fields and gclid.
 */
export const landingsSql = (checked: string): string => {
  const pairs = `SELECT query, string_split(query, '&') AS pairs FROM (SELECT DISTINCT query FROM ${checked} WHERE passes)`;
  const named = `SELECT *, list_transform(pairs, p -> split_part(p, '=', 1)) AS names FROM (${pairs})`;
  const raw = `SELECT query, ${parameters.map(rawParameterOf).join(", ")} FROM (${named})`;
  return `SELECT query, ${parameters.map(parameterOf).join(", ")} FROM (${raw})`;
};

/** The search engine of each distinct referrer of the rows of `checked` that pass: referrer, engine. */
export const enginesSql = (checked: string): string =>
  `SELECT referrer, ${engineOf("referrer")} AS engine FROM (SELECT DISTINCT referrer FROM ${checked} WHERE passes AND referrer IS NOT NULL)`;

/** The hit columns a passing row gives, in the order of a staged row: place, ts, then the texts. */
export const passedHitColumns = [
  ...["place", "ts", "event_id", "visitor_id", "hit_date", "event_type"],
  ...["source", "medium", "campaign", "content", "term", "referrer", "landing_url", "publisher_id", "cost_link"],
] as const;

/** The hits of the rows of `checked` that pass, with their landing fields (`landings`, `engines`), as `passedHitColumns`. */
export const passedHitsSql = (checked: string, landings: string, engines: string): string => `
  SELECT place, ts, event_id, visitor_id, hit_date, event_type,
    CASE WHEN utm_source IS NULL AND utm_medium IS NULL THEN CASE WHEN gclid IS NOT NULL THEN 'google' ELSE engine END ELSE utm_source END AS source,
    CASE WHEN utm_source IS NULL AND utm_medium IS NULL THEN CASE WHEN gclid IS NOT NULL THEN 'cpc' WHEN engine IS NOT NULL THEN 'organic' END
      ELSE utm_medium END AS medium,
    utm_campaign AS campaign, utm_content AS content, utm_term AS term,
    c.referrer, landing_url, publisher_id, cost_link
  FROM ${checked} c
    JOIN ${landings} l ON l.query = c.query
    LEFT JOIN ${engines} e ON e.referrer = c.referrer
  WHERE c.passes`;
