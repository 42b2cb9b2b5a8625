import { appendFileSync } from "node:fs";
import type { Log } from "../log";

/**
 * A mail the server sends: a password reset or an invitation, each a subject and the link
 * it carries. With SMTP_URL it goes over SMTP (mailQueue.ts, smtpTransport.ts); without,
 * to the outbox file, one line per message: {"to","subject","link","at"} with `at` an ISO
 * 8601 instant.
 */
export interface OutboxMessage {
  readonly to: string;
  readonly subject: string;
  readonly link: string;
  readonly at: string;
}

export interface Outbox {
  /** Takes the message and returns at once: it is written or queued before the return, sent after it. */
  send(message: OutboxMessage): void;
}

/**
 * What the log may say of a recipient: the domain of their address, never the address.
 * (The link is never logged either: it carries a one-use token.)
 */
export const recipientDomainOf = (to: string): string => {
  const at = to.lastIndexOf("@");
  return at >= 0 ? to.slice(at + 1).toLowerCase() : "(no domain)";
};

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

/**
 * Appends each message as a JSON line to `path` (readable by the server's user only), and
 * logs that it did with the recipient's domain and the subject: the link stays out of the log.
 */
export class FileOutbox implements Outbox {
  constructor(
    private readonly path: string,
    private readonly log: Log,
  ) {}

  send(message: OutboxMessage): void {
    appendFileSync(this.path, `${JSON.stringify(message)}\n`, { encoding: "utf8", mode: 0o600 });
    this.log.info("mail written to the outbox file", { toDomain: recipientDomainOf(message.to), subject: message.subject });
  }
}
