/** The server log: one line per event, fields as key=value. */
export type LogFields = Readonly<Record<string, unknown>>;

export interface Log {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const formatField = (value: unknown): string => {
  if (value instanceof Error) return JSON.stringify(value.stack ?? value.message);
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
