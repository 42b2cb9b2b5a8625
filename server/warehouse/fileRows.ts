/**
 * Rows of a data file read by the database's own readers (docs/engine.md, "Bulk import"):
 * Parquet, CSV (every value read as text, then parsed here so a bad value is reported with
 * its row rather than failing the read) and newline-delimited JSON. Columns are taken by
 * name, without regard to case; rows are numbered from 1 in the file's order (a CSV's
 * header line is not counted).
 */

export const fileFormats = ["parquet", "csv", "ndjson"] as const;
export type FileFormat = (typeof fileFormats)[number];

/** What a column is read as: text, an instant (epoch ms from a timestamp, a number of ms or an ISO 8601 text) or a number. */
export type ColumnReading = "text" | "instant" | "number";

export interface WantedColumn {
  readonly name: string;
  readonly as: ColumnReading;
}

/** A value that could not be read as its column wants. */
export interface UnreadableValue {
  readonly row: number;
  readonly column: string;
  /** The value as text, clipped. */
  readonly value: string;
}

export interface UnreadableColumns {
  /** Rows per column whose value could not be read (only columns with some). */
  readonly counts: ReadonlyMap<string, number>;
  /** The first such values, in row order. */
  readonly first: ReadonlyArray<UnreadableValue>;
}

/** One batch of rows, fields by the wanted columns' names (an absent or empty value left out), and the first one's row number. */
export interface FileBatch {
  readonly firstRow: number;
  readonly rows: ReadonlyArray<Record<string, string | number>>;
}

export interface FileRows {
  /** The file's column names, in lower case. */
  columns(path: string, format: FileFormat): Promise<ReadonlyArray<string>>;
  /** The values of the wanted columns (those the file has) that cannot be read; `first` at most `limit`. */
  unreadable(path: string, format: FileFormat, wanted: ReadonlyArray<WantedColumn>, limit: number): Promise<UnreadableColumns>;
  /**
   * The rows in batches of `batchSize`, in the file's order. A value that cannot be read as its column wants (an
   * instant, a number) is given as its text, so the ingest path refuses its row whether the column is required or not.
   */
  batches(path: string, format: FileFormat, wanted: ReadonlyArray<WantedColumn>, batchSize: number): AsyncIterable<FileBatch>;
  close(): Promise<void>;
}
