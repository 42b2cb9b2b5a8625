import { Either, Schema } from "effect";
import { reportTexts } from "./reportTexts";

/**
 * The choices a person makes on a screen (metrics, sort, page, mode, …), as the screen's
 * URL query carries them, so a shared link opens the same view. Each screen describes its
 * query once, as a `ReportQueryShape`: for every choice its query key, its default, and
 * the Schema from the query's text to the choice (`queryChoice`). Together they are one
 * Schema of optional keys with defaults (`reportQuerySchema`).
 *
 * Decoding a query (`decodeReportQuery`) keeps each key that the choice's Schema reads and
 * drops each one it refuses, naming the dropped keys, so the screen can say which part of
 * a link could not be read (`reportTexts.toasts.unreadableLink`); a dropped choice is its default.
 * Parameters the shape does not name (the session's `program`, `date_from`, `date_to`, or
 * another screen's) are never read and never dropped.
 *
 * The screen's machine reads the query once, when it opens (`readReportQuery`); the screen
 * frame writes the machine's choices back (`withReportQuery`): only choices that differ
 * from their default are written, and every other parameter of the query is kept.
 *
 * A choice says how the address moves when it changes (`history`): most replace the
 * history entry (a sort, a page, a typed search: Back does not undo them), and a few
 * push a new one (`pushingHistory`: a tab, which a person expects Back to undo). The
 * frame asks `historyEntryOf` which, and when Back or Forward brings another query it
 * hands the screen's machine the choices that query carries.
 */

/** One choice: its query key, its default and its Schema from the query's text. */
export interface QueryChoice<T> {
  readonly key: string;
  readonly fallback: T;
  readonly schema: Schema.Schema<T, string>;
  /** The choice a query value is (null: not valid), through `schema`. */
  readonly read: (raw: string) => T | null;
  /** The query value of a choice, through `schema` (null: the value has none, e.g. a what-if spend still being typed). */
  readonly write: (value: T) => string | null;
  /**
   * How the address moves when this choice changes: `replace` the history entry (most
   * choices), or `push` a new one, so Back undoes it (`pushingHistory`).
   */
  readonly history: HistoryEntry;
}

/** How the screen frame writes a new query into the address: a new history entry, or in place of the current one. */
export type HistoryEntry = "push" | "replace";

/** Every choice of a screen, by the name its machine keeps it under. */
export type ReportQueryShape<C> = { readonly [K in keyof C]: QueryChoice<C[K]> };

/** A choice read and written by its Schema (from the query's text, or from some of its words: any other text is refused). */
export const queryChoice = <T, I extends string = string>(key: string, from: Schema.Schema<T, I>, fallback: T): QueryChoice<T> => {
  const schema = from as unknown as Schema.Schema<T, string>;
  const decode = Schema.decodeUnknownEither(schema);
  const encode = Schema.encodeEither(schema);
  return {
    key,
    fallback,
    schema,
    read: (raw) => Either.getOrNull(decode(raw)),
    write: (value) => Either.getOrNull(encode(value)),
    history: "replace",
  };
};

/** The choice with its changes pushed as history entries: a navigation a person expects Back to undo (a tab). */
export const pushingHistory = <T>(choice: QueryChoice<T>): QueryChoice<T> => ({ ...choice, history: "push" });

/**
 * A choice only a link makes: null when the query has none (nothing written), so the
 * screen takes its own instead (the performance report: the session's choice). Every
 * value the screen holds is written, whatever it is.
 */
export const optionalChoice = <T, I extends string = string>(key: string, from: Schema.Schema<T, I>): QueryChoice<T | null> =>
  // Null first: a Schema whose choice side is `Unknown` (`queryText`) must not be asked to write null.
  queryChoice(key, Schema.Union(Schema.Null, from) as unknown as Schema.Schema<T | null, string>, null);

/**
 * A query value that `read` turns into a choice (null: not valid, refused as `expected`) and
 * `write` back into text: for a value whose reading is its own rule (a list of known names).
 */
export const queryText = <T>(expected: string, read: (raw: string) => T | null, write: (value: T) => string): Schema.Schema<T, string> =>
  Schema.transform(
    Schema.String.pipe(Schema.filter((raw) => read(raw) !== null || `Expected ${expected}`)),
    Schema.Unknown as Schema.Schema<T>,
    { strict: true, decode: (raw) => read(raw) as T, encode: write },
  );

/** One of a fixed list of words (a metric, a mode, a chart type, a direction). */
export const oneOfChoice = <T extends string>(key: string, values: ReadonlyArray<T>, fallback: T): QueryChoice<T> =>
  queryChoice(key, Schema.Literal(...values), fallback);

/** A whole number from 1 written plainly (no sign, fraction or leading zero), up to 999,999. */
export const PageText = Schema.transform(Schema.String.pipe(Schema.pattern(/^[1-9]\d{0,5}$/)), Schema.Int.pipe(Schema.between(1, 999_999)), {
  strict: true,
  decode: Number,
  encode: String,
});

/** A page number (`PageText`), 1 by default. */
export const pageChoice = (key = "page"): QueryChoice<number> => queryChoice(key, PageText, 1);

/** One of the numbers offered (rows or cards per page), written plainly; the first is the default. */
export const numberOfChoice = (key: string, options: readonly [number, ...number[]]): QueryChoice<number> =>
  queryChoice(
    key,
    Schema.transform(Schema.Literal(...options.map(String)), Schema.Literal(...options), { strict: false, decode: Number, encode: String }),
    options[0],
  );

/** `on` or `off`, as true or false. */
export const OnOffText = Schema.transform(Schema.Literal("on", "off"), Schema.Boolean, {
  strict: true,
  decode: (text) => text === "on",
  encode: (on): "on" | "off" => (on ? "on" : "off"),
});

/** A comma-separated list of the names offered, each once, in the link's order; unknown names left out, none known not valid. */
export const columnListText = (offered: ReadonlyArray<string>): Schema.Schema<ReadonlyArray<string>, string> =>
  queryText<ReadonlyArray<string>>(
    "a list of known columns",
    (raw) => {
      const known = [...new Set(raw.split(",").filter((name) => offered.includes(name)))];
      return known.length === 0 ? null : known;
    },
    (columns) => columns.join(","),
  );

/** The defaults of every choice: a screen opened without a query. */
export const reportQueryDefaults = <C>(shape: ReportQueryShape<C>): C =>
  Object.fromEntries(Object.entries(shape).map(([name, choice]) => [name, (choice as QueryChoice<unknown>).fallback])) as C;

const choicesOf = <C>(shape: ReportQueryShape<C>): ReadonlyArray<readonly [string, QueryChoice<unknown>]> =>
  Object.entries(shape) as ReadonlyArray<readonly [string, QueryChoice<unknown>]>;

/**
 * The shape as one Schema: from the query's values (by their choices' names) to the
 * choices, every one optional with its default.
 */
export const reportQuerySchema = <C>(shape: ReportQueryShape<C>): Schema.Schema<C, Readonly<Record<string, string>>> =>
  Schema.Struct(
    Object.fromEntries(choicesOf(shape).map(([name, choice]) => [name, Schema.optionalWith(choice.schema, { default: () => choice.fallback })])),
  ) as unknown as Schema.Schema<C, Readonly<Record<string, string>>>;

/** What a query decodes to: the choices, and the keys of the shape whose values could not be read (in the shape's order). */
export interface DecodedReportQuery<C> {
  readonly choices: C;
  readonly dropped: ReadonlyArray<string>;
}

/**
 * The choices a query string carries: each valid one read, each missing one its default,
 * each invalid one dropped (so its default) and its key named in `dropped`.
 */
export const decodeReportQuery = <C>(search: string, shape: ReportQueryShape<C>): DecodedReportQuery<C> => {
  const q = new URLSearchParams(search);
  const kept: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, choice] of choicesOf(shape)) {
    const raw = q.get(choice.key);
    if (raw === null) continue;
    if (Either.isRight(Schema.decodeUnknownEither(choice.schema)(raw))) kept[name] = raw;
    else dropped.push(choice.key);
  }
  // Every kept value was read by its choice's Schema: the shape's Schema reads them all.
  return { choices: Either.getOrThrow(Schema.decodeUnknownEither(reportQuerySchema(shape))(kept)), dropped };
};

/** The choices a query string carries, each valid one read, each missing or invalid one its default. */
export const readReportQuery = <C>(search: string, shape: ReportQueryShape<C>): C => decodeReportQuery(search, shape).choices;

/** The query string with the choices written in: a choice at its default removed, every other parameter kept. */
export const withReportQuery = <C>(search: string, shape: ReportQueryShape<C>, choices: C): string => {
  const q = new URLSearchParams(search);
  for (const [name, choice] of choicesOf(shape)) {
    // A choice at its default, or one with no query value (not valid as the person left it), is not written.
    const written = choice.write(choices[name as keyof C] as unknown);
    if (written === null || written === choice.write(choice.fallback)) q.delete(choice.key);
    else q.set(choice.key, written);
  }
  return q.toString();
};

/**
 * How the address moves from one query to the next: `push` when a choice that pushes
 * (`pushingHistory`) reads differently in the two, else `replace`. Choices are compared as
 * read (an invalid value as its default), so a link's unreadable tab written over by its
 * default replaces the entry.
 */
export const historyEntryOf = <C>(shape: ReportQueryShape<C>, from: string, to: string): HistoryEntry => {
  const before = decodeReportQuery(from, shape).choices;
  const after = decodeReportQuery(to, shape).choices;
  const moved = choicesOf(shape).some(([name, choice]) => {
    const key = name as keyof C;
    return choice.history === "push" && choice.write(before[key]) !== choice.write(after[key]);
  });
  return moved ? "push" : "replace";
};

/**
 * A screen's URL query as the screen frame uses it: what to tell the person of a link
 * whose keys could not be read (null: every key was read), and the query with the
 * screen's choices written in. `reportQueryLink` makes one of a shape; a screen with a
 * link format of its own (the custom report builder's draft, the Google Ads page's
 * consent return) makes its own. (The words travel with the link, so the app's first
 * load does not carry them.)
 */
export interface QueryLink<C> {
  readonly unreadable: (search: string) => string | null;
  readonly written: (search: string, choices: C) => string;
  /** How the address moves from the query it has to the one written (without it: `replace`, always). */
  readonly entry?: (from: string, to: string) => HistoryEntry;
  /** The choices a query carries, for a screen that follows Back and Forward (without it: the screen does not). */
  readonly read?: (search: string) => C;
}

/** What the person is told of a link's dropped keys (null when none was dropped). */
export const unreadableLinkMessage = (dropped: ReadonlyArray<string>): string | null =>
  dropped.length === 0 ? null : reportTexts.toasts.unreadableLink(dropped);

/** The `QueryLink` of a shape. */
export const reportQueryLink = <C>(shape: ReportQueryShape<C>): QueryLink<C> => ({
  unreadable: (search) => unreadableLinkMessage(decodeReportQuery(search, shape).dropped),
  written: (search, choices) => withReportQuery(search, shape, choices),
  entry: (from, to) => historyEntryOf(shape, from, to),
  read: (search) => readReportQuery(search, shape),
});
