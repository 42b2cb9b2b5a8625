import type { Log } from "../log";
import { recipientDomainOf, type Outbox, type OutboxMessage } from "./outbox";

/** Hands one mail to a mail server (smtpTransport.ts); rejects when the server refused it or could not be reached. */
export interface MailTransport {
  deliver(message: OutboxMessage, signal: AbortSignal): Promise<void>;
  /** Ends the transport's connections (after the queue's last attempt). */
  close(): void;
}

/** Runs `run` once after `ms`; the answer cancels it. The server's is the timer's; tests step a fake one by hand. */
export interface Scheduler {
  after(ms: number, run: () => void): () => void;
}

/** Node's timers, unref'd: a retry waiting never keeps a stopping process alive (drain decides). */
export const timerScheduler: Scheduler = {
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * The queue's named delays and bounds: 6 attempts, the waits between them doubling from
 * 20 s (20, 40, 80, 160, 320 s: the last attempt about 10 minutes after the first), and at
 * most 200 mails held (the oldest waiting one is dropped for a new one).
 */
export const mailRetry = {
  attempts: 6,
  firstDelayMs: 20_000,
  factor: 2,
  queueLimit: 200,
} as const;

/** The wait after the `attempt`-th failed attempt (1-based): exponential backoff. */
export const retryDelayMs = (attempt: number): number => mailRetry.firstDelayMs * mailRetry.factor ** (attempt - 1);

/** What a failed attempt says, for the log: the SMTP reply code and the error's code, never its message (it may quote the mail server's reply). */
export interface MailFailure {
  /** A permanent refusal (a 5xx reply other than 503, or a mail the transport refuses as given): never retried. */
  readonly permanent: boolean;
  readonly responseCode?: number;
  readonly code?: string;
}

/**
 * RFC 5321: a 5yz reply is a permanent refusal, a 4yz one transient; 503 (bad sequence of
 * commands) is about the session, not the mail, so a new connection may take it. Without a
 * reply (a refused or dropped connection, a timeout) the failure is transient, except for a
 * mail the transport itself refuses (ECONFIG, an envelope without a recipient).
 */
export const mailFailureOf = (error: unknown): MailFailure => {
  const fields = typeof error === "object" && error !== null ? (error as { responseCode?: unknown; code?: unknown }) : {};
  const responseCode = typeof fields.responseCode === "number" ? fields.responseCode : undefined;
  const code = typeof fields.code === "string" ? fields.code : undefined;
  const permanent =
    responseCode !== undefined
      ? responseCode >= 500 && responseCode < 600 && responseCode !== 503
      : code === "ECONFIG" || code === "EENVELOPE";
  return { permanent, ...(responseCode !== undefined ? { responseCode } : {}), ...(code !== undefined ? { code } : {}) };
};

interface Held {
  readonly order: number;
  readonly message: OutboxMessage;
  /** Attempts made so far. */
  attempts: number;
}

/**
 * Sends each mail through `transport` after `send` has returned, one at a time, in the
 * order asked. A transient failure waits `retryDelayMs(attempt)` (on `scheduler`) and tries
 * again, up to `mailRetry.attempts`; a permanent refusal is not retried. At most
 * `queueLimit` mails are held (due, waiting for a retry, or being sent); a new one beyond
 * that drops the oldest held that is not being sent, with a log line. The log names the
 * recipient's domain, the subject and the outcome: never the address, the link or the
 * server's reply.
 */
export class MailQueue implements Outbox {
  private readonly due: Held[] = [];
  private readonly resting = new Map<Held, () => void>();
  private sending: { readonly held: Held; readonly abort: AbortController } | null = null;
  private order = 0;
  private draining = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly transport: MailTransport,
    private readonly log: Log,
    private readonly scheduler: Scheduler = timerScheduler,
    private readonly queueLimit: number = mailRetry.queueLimit,
  ) {}

  send(message: OutboxMessage): void {
    if (this.held >= this.queueLimit) this.dropOldest();
    this.due.push({ order: this.order++, message, attempts: 0 });
    this.pump();
  }

  /** Mails held: due, waiting for a retry, or being sent. */
  get held(): number {
    return this.due.length + this.resting.size + (this.sending ? 1 : 0);
  }

  /** Mails waiting for a retry's delay. */
  get waitingForRetry(): number {
    return this.resting.size;
  }

  /** Whether an attempt is under way. */
  get isSending(): boolean {
    return this.sending !== null;
  }

  /** Resolves once no attempt is under way and none is due (mails waiting for a retry's delay may remain). */
  idle(): Promise<void> {
    if (!this.sending && this.due.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Shutdown: every held mail gets one more attempt now (no more retries), for at most
   * `withinMs`; then the attempt under way is aborted, what is left is logged as not
   * delivered, and the transport closes.
   */
  async drain(withinMs: number): Promise<void> {
    this.draining = true;
    for (const [held, cancel] of [...this.resting].sort(([a], [b]) => a.order - b.order)) {
      cancel();
      this.due.push(held);
    }
    this.resting.clear();
    this.pump();
    let cancelDeadline = (): void => {};
    const deadline = new Promise<"late">((resolve) => {
      cancelDeadline = this.scheduler.after(withinMs, () => resolve("late"));
    });
    const outcome = await Promise.race([this.idle().then(() => "done" as const), deadline]);
    cancelDeadline();
    if (outcome === "late") {
      const left = this.held;
      this.due.length = 0;
      this.sending?.abort.abort();
      this.log.warn("mail not delivered: the server stopped before the mail server took it", { mails: left });
    }
    this.transport.close();
  }

  private dropOldest(): void {
    const oldest = [...this.due, ...this.resting.keys()].sort((a, b) => a.order - b.order)[0];
    if (!oldest) return;
    const dueAt = this.due.indexOf(oldest);
    if (dueAt >= 0) this.due.splice(dueAt, 1);
    this.resting.get(oldest)?.();
    this.resting.delete(oldest);
    this.log.warn("mail dropped: the mail queue is full", { ...this.about(oldest), queueLimit: this.queueLimit });
  }

  private about(held: Held): Record<string, unknown> {
    return { toDomain: recipientDomainOf(held.message.to), subject: held.message.subject, attempts: held.attempts };
  }

  private pump(): void {
    if (this.sending) return;
    const held = this.due.shift();
    if (!held) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    const abort = new AbortController();
    this.sending = { held, abort };
    held.attempts += 1;
    this.transport.deliver(held.message, abort.signal).then(
      () => {
        this.log.info("mail sent", this.about(held));
        this.settle();
      },
      (error: unknown) => {
        this.failed(held, mailFailureOf(error));
        this.settle();
      },
    );
  }

  private settle(): void {
    this.sending = null;
    this.pump();
  }

  private failed(held: Held, failure: MailFailure): void {
    const fields = {
      ...this.about(held),
      ...(failure.responseCode !== undefined ? { responseCode: failure.responseCode } : {}),
      ...(failure.code !== undefined ? { code: failure.code } : {}),
    };
    if (failure.permanent) {
      this.log.error("mail refused by the mail server; not retried", fields);
    } else if (this.draining) {
      this.log.error("mail not delivered: the server is stopping", fields);
    } else if (held.attempts >= mailRetry.attempts) {
      this.log.error("mail not delivered: every attempt failed", fields);
    } else {
      const delayMs = retryDelayMs(held.attempts);
      this.log.warn("mail not delivered yet; trying again", { ...fields, retryInS: delayMs / 1000 });
      this.resting.set(
        held,
        this.scheduler.after(delayMs, () => {
          if (!this.resting.delete(held)) return;
          this.due.push(held);
          this.pump();
        }),
      );
    }
  }
}
