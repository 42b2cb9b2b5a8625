import type { Log } from "../log";

/**
 * Work that runs after the answer is sent, one piece after another (a password-reset
 * request looks the address up, issues the link and writes the mail here, so the answer
 * takes the same time whether the address is known or not). A failure is logged at error
 * level and the next piece still runs.
 */
export class BackgroundWork {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly log: Log) {}

  queue(what: string, work: () => Promise<void>): void {
    this.tail = this.tail.then(work).catch((error: unknown) => this.log.error(`${what} failed`, { error }));
  }

  /** Resolves once everything queued so far has run (tests; a stopping server). */
  settled(): Promise<void> {
    return this.tail;
  }
}
