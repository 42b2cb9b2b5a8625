/**
 * Days in a program's time zone in DuckDB's SQL, as `dayInZone` (src/domain/shell/timeZone.ts)
 * takes them in JavaScript: an IANA zone by DuckDB's ICU (bundled with @duckdb/node-api, so
 * available offline; it knows every zone the server takes), a fixed UTC offset ('+01:00', a
 * program made before programs had a zone) by arithmetic.
 */

const fixedOffset = /^[+-][0-9]{2}:[0-9]{2}$/;

/** A fixed UTC offset ('+01:00') in ms; anything else is 0 (UTC). */
const offsetMsSql = (offset: string): string => `coalesce(CASE WHEN regexp_full_match(${offset}, '[+-][0-9]{2}:[0-9]{2}') THEN
  (CASE WHEN left(${offset}, 1) = '-' THEN -1 ELSE 1 END)
    * (TRY_CAST(substr(${offset}, 2, 2) AS INTEGER) * 60 + TRY_CAST(substr(${offset}, 5, 2) AS INTEGER)) * 60000 END, 0)`;

/**
 * The calendar day (DATE) of the instant `ms` (epoch ms) in the IANA `zone`, or when `zone` is
 * NULL in the fixed UTC `offset` ('+01:00'; anything else is UTC). Each argument is SQL.
 */
export const dayInZoneSql = (ms: string, zone: string, offset: string): string =>
  `CAST(CASE WHEN ${zone} IS NOT NULL THEN timezone(${zone}, to_timestamp(CAST(${ms} AS BIGINT) / 1000.0))
    ELSE epoch_ms(CAST(${ms} AS BIGINT) + ${offsetMsSql(offset)}) END AS DATE)`;

/** A zone (`programTimeZone`'s answer) as dayInZoneSql's two parameters: the IANA zone or NULL, and the fixed offset. */
export const zoneParameters = (zone: string): [string | null, string] => (fixedOffset.test(zone) ? [null, zone] : [zone, "+00:00"]);
