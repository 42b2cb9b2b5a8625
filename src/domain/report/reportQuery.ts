/**
 * The choices a person makes on an analysis report (metrics, sort, page, mode, …), as the
 * report's URL query carries them, so a shared link opens the same view. Each report
 * describes its choices once, as a `ReportQueryShape`: for every choice its query key,
 * its default, and how a query value is read back (an invalid value reads as the default).
 *
 * The report's machine reads the query once, when it opens (`readReportQuery`); a view
 * writes the machine's choices back (`withReportQuery`). Only choices that differ from
 * their default are written, and every other parameter of the query (the session's
 * `program`, `date_from`, `date_to`) is kept.
 */

/** One choice: its query key, its default, how a query value reads (null: not valid) and is written. */
export interface QueryChoice<T> {
  readonly key: string;
  readonly fallback: T;
  readonly read: (raw: string) => T | null;
  readonly write: (value: T) => string;
}

/** Every choice of a report, by the name its machine keeps it under. */
export type ReportQueryShape<C> = { readonly [K in keyof C]: QueryChoice<C[K]> };

/** One of a fixed list of words (a metric, a mode, a chart type, a direction). */
export const oneOfChoice = <T extends string>(key: string, values: ReadonlyArray<T>, fallback: T): QueryChoice<T> => ({
  key,
  fallback,
  read: (raw) => ((values as ReadonlyArray<string>).includes(raw) ? (raw as T) : null),
  write: (value) => value,
});

/** A page number: a whole number from 1 written plainly (no sign, fraction or leading zero). */
export const pageChoice = (key = "page"): QueryChoice<number> => ({
  key,
  fallback: 1,
  read: (raw) => (/^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null),
  write: String,
});

/** One of the numbers offered (rows or cards per page); the first is the default. */
export const numberOfChoice = (key: string, options: readonly [number, ...number[]]): QueryChoice<number> => ({
  key,
  fallback: options[0],
  read: (raw) => options.find((n) => String(n) === raw) ?? null,
  write: String,
});

/** The defaults of every choice: a report opened without a query. */
export const reportQueryDefaults = <C>(shape: ReportQueryShape<C>): C =>
  Object.fromEntries(Object.entries(shape).map(([name, choice]) => [name, (choice as QueryChoice<unknown>).fallback])) as C;

/** The choices a query string carries, each valid one read, each missing or invalid one its default. */
export const readReportQuery = <C>(search: string, shape: ReportQueryShape<C>): C => {
  const q = new URLSearchParams(search);
  return Object.fromEntries(
    Object.entries(shape).map(([name, c]) => {
      const choice = c as QueryChoice<unknown>;
      const raw = q.get(choice.key);
      const value = raw === null ? null : choice.read(raw);
      return [name, value ?? choice.fallback];
    }),
  ) as C;
};

/** The query string with the choices written in: a choice at its default removed, every other parameter kept. */
export const withReportQuery = <C>(search: string, shape: ReportQueryShape<C>, choices: C): string => {
  const q = new URLSearchParams(search);
  for (const [name, c] of Object.entries(shape)) {
    const choice = c as QueryChoice<unknown>;
    const value = choices[name as keyof C] as unknown;
    const written = choice.write(value);
    if (written === choice.write(choice.fallback)) q.delete(choice.key);
    else q.set(choice.key, written);
  }
  return q.toString();
};
