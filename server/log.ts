/** The server log: one line per event, fields as key=value. */
export type LogFields = Readonly<Record<string, unknown>>;

export interface Log {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * An error's message without the data it may quote: database errors repeat the input that
 * failed (DuckDB's `Input: "[{"visitor_id":…}]"`, `invalid date field format: "…"`, the SQL
 * line under `LINE 1:`), which would put excerpts of payloads sent in into the log. Quoted
 * spans become `"…"` / `'…'`, and an `Input:` or `LINE n:` tail is dropped; the error's kind
 * and wording stay.
 */
export const redactedMessage = (message: string): string =>
  message
    .replace(/\s*\bInput:[\s\S]*$/, "")
    .replace(/\n+LINE \d+:[\s\S]*$/, "")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\n]|'')*'/g, "'…'")
    .trim();

/** An error for the log: its redacted message, its stack frames, and its cause's, never the data it quotes. */
export const errorForLog = (error: Error): string => {
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const cause = error.cause instanceof Error ? [`caused by: ${errorForLog(error.cause)}`] : [];
  return [`${error.name}: ${redactedMessage(error.message)}`, ...frames, ...cause].join("\n");
};

const formatField = (value: unknown): string => {
  if (value instanceof Error) return JSON.stringify(errorForLog(value));
  if (typeof value === "string") return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
};

const formatLine = (level: string, message: string, fields?: LogFields): string => {
  const rest = Object.entries(fields ?? {})
    .map(([key, value]) => `${key}=${formatField(value)}`)
    .join(" ");
  return `${new Date().toISOString()} ${level} ${message}${rest ? ` ${rest}` : ""}`;
};

/** Writes to stdout (info) and stderr (warnings, errors). */
export const consoleLog: Log = {
  info: (message, fields) => process.stdout.write(`${formatLine("info", message, fields)}\n`),
  warn: (message, fields) => process.stderr.write(`${formatLine("warn", message, fields)}\n`),
  error: (message, fields) => process.stderr.write(`${formatLine("error", message, fields)}\n`),
};

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };
