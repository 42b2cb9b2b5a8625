import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import type { FileBatch, FileFormat, FileRows, UnreadableColumns, WantedColumn } from "../fileRows";

/**
 * Files read with DuckDB's readers (read_parquet, read_csv, read_json) on an in-memory
 * database of their own, apart from the warehouse: reading a file takes no lock on the
 * product's database. The path travels as a parameter; column names only ever come from
 * the file's own description, quoted.
 */

export const sourceOf = (format: FileFormat): string =>
  format === "parquet"
    ? "read_parquet($1)"
    : format === "csv"
      ? "read_csv($1, header = true, all_varchar = true)"
      : "read_json($1, format = 'newline_delimited')";

/**
 * The file's rows as `place` (from 1, in the file's order) and `columns` (SELECT items), the path being `$1`: a
 * Parquet file's own row numbers (its row groups read in parallel), another file's rows numbered as they are read.
 */
export const numberedRowsOf = (format: FileFormat, columns: ReadonlyArray<string>): string =>
  format === "parquet"
    ? `(SELECT file_row_number + 1 AS place, ${columns.join(", ")} FROM read_parquet($1, file_row_number = true))`
    : `(SELECT row_number() OVER () AS place, ${columns.join(", ")} FROM ${sourceOf(format)})`;

export const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * The column's value as text (null for a null or an empty text). A JSON column (NDJSON whose
 * values mix types, such as a time given as epoch ms on some lines and ISO text on others)
 * is read through `json_extract_string`, so `"2025-05-24T10:00:00Z"` reads without its quotes.
 */
const textOf = (column: string, type = "VARCHAR"): string =>
  type === "JSON" ? `nullif(trim(json_extract_string(${quoted(column)}, '$')), '')` : `nullif(trim(CAST(${quoted(column)} AS VARCHAR)), '')`;

/** The SQL reading a column as it is wanted; null where it cannot be read. */
const readingOf = (column: string, as: WantedColumn["as"], type: string): string => {
  const text = textOf(column, type);
  if (as === "text") return text;
  if (as === "number") {
    return /^(DOUBLE|FLOAT|DECIMAL|BIGINT|INTEGER|SMALLINT|TINYINT|HUGEINT|U)/.test(type)
      ? `CAST(${quoted(column)} AS DOUBLE)`
      : `TRY_CAST(${text} AS DOUBLE)`;
  }
  if (/^(TIMESTAMP|DATE)/.test(type)) return `CAST(epoch_ms(CAST(${quoted(column)} AS TIMESTAMPTZ)) AS DOUBLE)`;
  if (/^(DOUBLE|FLOAT|DECIMAL|BIGINT|INTEGER|HUGEINT|U)/.test(type)) return `CAST(${quoted(column)} AS DOUBLE)`;
  return `CAST(coalesce(
    CASE WHEN regexp_full_match(${text}, '-?[0-9]+(\\.[0-9]+)?') THEN TRY_CAST(${text} AS DOUBLE) END,
    epoch_ms(TRY_CAST(${text} AS TIMESTAMPTZ))) AS DOUBLE)`;
};

/** Runs a statement with the file's path as its one parameter, answering its rows. */
type FileQuery = (sql: string, parameters: ReadonlyArray<string>) => Promise<ReadonlyArray<Record<string, unknown>>>;

/** The file's columns: their names as the file spells them and their types, by lower-case name. */
const describedWith = async (query: FileQuery, path: string, format: FileFormat): Promise<ReadonlyMap<string, { name: string; type: string }>> => {
  const rows = await query(`DESCRIBE SELECT * FROM ${sourceOf(format)}`, [path]);
  return new Map(rows.map((r) => [String(r["column_name"]).toLowerCase(), { name: String(r["column_name"]), type: String(r["column_type"]) }]));
};

/** The wanted columns the file has and the SQL reading each (null where a value cannot be read), the path being `$1`. */
export const fileReadings = async (query: FileQuery, path: string, format: FileFormat, wanted: ReadonlyArray<WantedColumn>) => {
  const columns = await describedWith(query, path, format);
  return wanted.flatMap((w) => {
    const column = columns.get(w.name);
    return column ? [{ wanted: w, column, reading: readingOf(column.name, w.as, column.type) }] : [];
  });
};

export const openDuckDbFileRows = async (): Promise<FileRows> => {
  const instance = await DuckDBInstance.create(":memory:");
  const connection: DuckDBConnection = await instance.connect();
  const query: FileQuery = async (sql, parameters) => (await connection.runAndReadAll(sql, [...parameters])).getRowObjectsJS();
  const described = (path: string, format: FileFormat) => describedWith(query, path, format);
  const selection = (path: string, format: FileFormat, wanted: ReadonlyArray<WantedColumn>) => fileReadings(query, path, format, wanted);

  return {
    columns: async (path, format) => [...(await described(path, format)).keys()],

    unreadable: async (path, format, wanted, limit): Promise<UnreadableColumns> => {
      // Only a reading that parses text can fail: a typed column (a Parquet timestamp, a number) is cast, never read as null.
      const parsed = (await selection(path, format, wanted)).filter((s) => s.wanted.as !== "text" && s.reading.includes("TRY_CAST"));
      if (parsed.length === 0) return { counts: new Map(), first: [] };
      const bad = (s: (typeof parsed)[number]) => `(${textOf(s.column.name, s.column.type)} IS NOT NULL AND (${s.reading}) IS NULL)`;
      const numbered = `(SELECT row_number() OVER () AS row_number, * FROM ${sourceOf(format)})`;
      const counts = (
        await connection.runAndReadAll(
          `SELECT ${parsed.map((s, i) => `count(*) FILTER (WHERE ${bad(s)}) AS c${i}`).join(", ")} FROM ${sourceOf(format)}`,
          [path],
        )
      ).getRowObjectsJS()[0];
      const firstRows = (
        await connection.runAndReadAll(
          `SELECT row_number, ${parsed.map((s, i) => `CASE WHEN ${bad(s)} THEN left(${textOf(s.column.name, s.column.type)}, 60) END AS v${i}`).join(", ")}
           FROM ${numbered} WHERE ${parsed.map(bad).join(" OR ")} ORDER BY row_number LIMIT ${Math.max(1, Math.trunc(limit))}`,
          [path],
        )
      ).getRowObjectsJS();
      return {
        counts: new Map(
          parsed.flatMap((s, i) => {
            const n = Number(counts?.[`c${i}`] ?? 0);
            return n > 0 ? [[s.wanted.name, n] as const] : [];
          }),
        ),
        first: firstRows
          .flatMap((r) =>
            parsed.flatMap((s, i) => {
              const value = r[`v${i}`];
              return value === null || value === undefined ? [] : [{ row: Number(r["row_number"]), column: s.wanted.name, value: String(value) }];
            }),
          )
          .slice(0, limit),
      };
    },

    batches: async function* (path, format, wanted, batchSize): AsyncGenerator<FileBatch> {
      const read = await selection(path, format, wanted);
      if (read.length === 0) return;
      // Beside each value read as an instant or a number, its text when it cannot be read: the row then holds that text,
      // which the ingest path's Schema refuses (an optional column such as updated_at is never silently left out).
      const unreadableTexts = read.map((s) =>
        s.wanted.as === "text" ? "NULL" : `CASE WHEN (${s.reading}) IS NULL THEN ${textOf(s.column.name, s.column.type)} END`,
      );
      const result = await connection.stream(
        `SELECT ${[...read.map((s) => `${s.reading} AS ${quoted(s.wanted.name)}`), ...unreadableTexts].join(", ")} FROM ${sourceOf(format)}`,
        [path],
      );
      let rows: Array<Record<string, string | number>> = [];
      let firstRow = 1;
      for await (const chunk of result.yieldRowsJs()) {
        for (const values of chunk) {
          const row: Record<string, string | number> = {};
          read.forEach((s, i) => {
            const value = values[i] ?? values[read.length + i];
            if (typeof value === "string" || typeof value === "number") row[s.wanted.name] = value;
          });
          rows.push(row);
          if (rows.length >= batchSize) {
            yield { firstRow, rows };
            firstRow += rows.length;
            rows = [];
          }
        }
      }
      if (rows.length > 0) yield { firstRow, rows };
    },

    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
};
