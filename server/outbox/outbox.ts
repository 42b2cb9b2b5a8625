import { appendFileSync } from "node:fs";
import type { Log } from "../log";

/**
 * The server cannot send email; what it would send goes to the outbox. One line per
 * message in the outbox file: {"to","subject","link","at"} with `at` an ISO 8601 instant.
 */
export interface OutboxMessage {
  readonly to: string;
  readonly subject: string;
  readonly link: string;
  readonly at: string;
}

export interface Outbox {
  /** Records the message before it returns (no awaiting needed to read it back). */
  send(message: OutboxMessage): void;
}

/** Keeps what was sent, for contract tests. */
export class MemoryOutbox implements Outbox {
  readonly sent: OutboxMessage[] = [];

  send(message: OutboxMessage): void {
    this.sent.push(message);
  }

  /** The last message sent to `to`, if any. */
  lastTo(to: string): OutboxMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}

/** Logs each message to the server log and appends it as a JSON line to `path`. */
export class FileOutbox implements Outbox {
  constructor(
    private readonly path: string,
    private readonly log: Log,
  ) {}

  send(message: OutboxMessage): void {
    this.log.info("outbox", { to: message.to, subject: message.subject, link: message.link });
    appendFileSync(this.path, `${JSON.stringify(message)}\n`, { encoding: "utf8", mode: 0o600 });
  }
}
