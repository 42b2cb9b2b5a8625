import type { Log, LogFields } from "../../server/log";

export interface LogRecord {
  readonly level: "info" | "warn" | "error";
  readonly message: string;
  readonly fields: LogFields;
}

/** A server log that keeps every line, for tests that read what was logged. */
export interface RecordingLog extends Log {
  readonly records: LogRecord[];
  /** Every line, message and fields, as one text: what a secret must never appear in. */
  text(): string;
  /** The messages at a level, in order. */
  messages(level?: LogRecord["level"]): string[];
}

export const recordingLog = (): RecordingLog => {
  const records: LogRecord[] = [];
  const at =
    (level: LogRecord["level"]) =>
    (message: string, fields: LogFields = {}): void => {
      records.push({ level, message, fields });
    };
  return {
    records,
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    text: () => records.map((r) => `${r.level} ${r.message} ${JSON.stringify(r.fields)}`).join("\n"),
    messages: (level) => records.filter((r) => level === undefined || r.level === level).map((r) => r.message),
  };
};
