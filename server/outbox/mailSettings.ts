import { join } from "node:path";
import type { Log } from "../log";
import { FileOutbox, type Outbox } from "./outbox";
import { MailQueue, timerScheduler, type Scheduler } from "./mailQueue";
import { smtpTransport } from "./smtpTransport";

/**
 * Where the server's mail goes, from its environment: SMTP_URL set, over SMTP from
 * MAIL_FROM (default `Attribution <no-reply@` + PUBLIC_URL's host name + `>`); unset, to
 * DATA_DIR/outbox.jsonl. A value that cannot work is refused at start, in words that never
 * repeat SMTP_URL (it holds the mail server's password).
 */
export type MailSettings =
  | { readonly via: "file" }
  | {
      readonly via: "smtp";
      readonly url: string;
      readonly from: string;
      /** The mail server without its credentials (`smtp://host:587`), for the start banner. */
      readonly server: string;
    }
  | { readonly refused: string };

/** `Name <address>` or a bare address, on one line. */
const senderPattern = /^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

export const defaultSenderOf = (publicUrl: string): string => {
  let host = "localhost";
  try {
    host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, "") || host;
  } catch {
    // PUBLIC_URL is always a URL here (serverSettings.ts); localhost otherwise.
  }
  return `Attribution <no-reply@${host}>`;
};

export const mailSettingsOf = (env: Readonly<Record<string, string | undefined>>, publicUrl: string): MailSettings => {
  const raw = env.SMTP_URL?.trim() ?? "";
  if (raw === "") return { via: "file" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: "SMTP_URL is not a URL: smtp://user:password@host:587 or smtps://user:password@host:465" };
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    return { refused: "SMTP_URL must start with smtp:// or smtps://, as in smtp://user:password@host:587" };
  }
  if (url.hostname === "") return { refused: "SMTP_URL names no host: smtp://user:password@host:587" };
  const from = env.MAIL_FROM?.trim() || defaultSenderOf(publicUrl);
  if (!senderPattern.test(from)) return { refused: "MAIL_FROM is not an address nor `Name <address>`, as in Attribution <no-reply@example.com>" };
  return { via: "smtp", url: raw, from, server: `${url.protocol}//${url.host}` };
};

/** The outbox main.ts serves with, what the start banner says of it, and its drain for a stopping server. */
export interface OpenedOutbox {
  readonly outbox: Outbox;
  /** Where mail goes, without credentials: the outbox file's path, or the mail server and the sender. */
  readonly destination: string;
  /** A stopping server's last chance to send what is queued, for at most `withinMs`. */
  drain(withinMs: number): Promise<void>;
  /** Resolves once no mail is being sent or due (retries waiting for their delay may remain). */
  idle(): Promise<void>;
  /** Mails not yet handed over: queued, waiting for a retry or being sent (none for the file). */
  held(): number;
}

export interface OutboxDeps {
  readonly dataDir: string;
  readonly log: Log;
  /** The retries' timer; defaults to Node's (tests step their own). */
  readonly scheduler?: Scheduler;
}

export const openOutbox = (settings: Exclude<MailSettings, { refused: string }>, deps: OutboxDeps): OpenedOutbox => {
  if (settings.via === "file") {
    const path = join(deps.dataDir, "outbox.jsonl");
    return { outbox: new FileOutbox(path, deps.log), destination: `the outbox file ${path}`, drain: () => Promise.resolve(), idle: () => Promise.resolve(), held: () => 0 };
  }
  const queue = new MailQueue(
    smtpTransport({ url: settings.url, from: settings.from }),
    deps.log,
    deps.scheduler ?? timerScheduler,
  );
  return {
    outbox: queue,
    destination: `${settings.server} (SMTP) from ${settings.from}`,
    drain: (withinMs) => queue.drain(withinMs),
    idle: () => queue.idle(),
    held: () => queue.held,
  };
};
