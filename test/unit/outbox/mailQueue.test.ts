import { describe, expect, it } from "vitest";
import { MailQueue, mailFailureOf, mailRetry, retryDelayMs, type MailTransport } from "../../../server/outbox/mailQueue";
import type { OutboxMessage } from "../../../server/outbox/outbox";
import { recordingLog } from "../../support/recordingLog";
import { StepScheduler } from "../../support/stepScheduler";

const token = "0123456789abcdef0123456789abcdef";
const messageTo = (to: string, n = 0): OutboxMessage => ({
  to,
  subject: "Reset your password",
  link: `http://app.test/reset-password/${token}${n}?email=${encodeURIComponent(to)}`,
  at: "2025-06-02T09:00:00.000Z",
});

/** A transport whose every attempt the test settles by hand (or leaves hanging). */
class HandTransport implements MailTransport {
  readonly attempts: Array<{ to: string; signal: AbortSignal; succeed: () => void; fail: (error: unknown) => void }> = [];
  closed = false;
  deliver(message: OutboxMessage, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      this.attempts.push({ to: message.to, signal, succeed: resolve, fail: reject });
      signal.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { code: "EABORT" })));
    });
  }
  close(): void {
    this.closed = true;
  }
  last() {
    const attempt = this.attempts.at(-1);
    if (!attempt) throw new Error("no attempt yet");
    return attempt;
  }
}

/** Lets the promises already settled run their handlers. */
const settledPromises = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const queueOf = (limit?: number) => {
  const transport = new HandTransport();
  const log = recordingLog();
  const scheduler = new StepScheduler();
  const queue = new MailQueue(transport, log, scheduler, limit);
  return { transport, log, scheduler, queue };
};

describe("the mail queue's retry rule", () => {
  it("waits twice as long after each failed attempt, from 20 s, six attempts in about ten minutes", () => {
    const waits = Array.from({ length: mailRetry.attempts - 1 }, (_, i) => retryDelayMs(i + 1));
    expect(waits).toEqual([20_000, 40_000, 80_000, 160_000, 320_000]);
    expect(waits.reduce((a, b) => a + b, 0) / 60_000).toBeCloseTo(10.3, 1);
  });

  it.each([
    ["550 mailbox unavailable", { responseCode: 550, code: "EENVELOPE" }, true],
    ["554 transaction failed", { responseCode: 554 }, true],
    ["535 authentication failed", { responseCode: 535, code: "EAUTH" }, true],
    ["503 bad sequence (a new session may take it)", { responseCode: 503 }, false],
    ["451 try again later", { responseCode: 451, code: "EENVELOPE" }, false],
    ["421 service closing", { responseCode: 421 }, false],
    ["a refused connection", { code: "ESOCKET" }, false],
    ["a timeout", { code: "ETIMEDOUT" }, false],
    ["a mail the transport refuses as given", { code: "ECONFIG" }, true],
    ["an envelope without a recipient", { code: "EENVELOPE" }, true],
    ["something that is not an error", "boom", false],
  ])("%s: permanent %s", (_, error, permanent) => {
    expect(mailFailureOf(error).permanent).toBe(permanent);
  });
});

describe("MailQueue", () => {
  it("returns from send before the mail server answers, and sends one mail at a time in order", async () => {
    const { transport, queue, log } = queueOf();
    queue.send(messageTo("ada@example.org"));
    queue.send(messageTo("bob@example.net"));
    expect(queue.held).toBe(2);
    expect(transport.attempts.map((a) => a.to)).toEqual(["ada@example.org"]);
    transport.last().succeed();
    await settledPromises();
    expect(transport.attempts.map((a) => a.to)).toEqual(["ada@example.org", "bob@example.net"]);
    transport.last().succeed();
    await queue.idle();
    expect(queue.held).toBe(0);
    expect(log.records.map((r) => [r.message, r.fields.toDomain])).toEqual([
      ["mail sent", "example.org"],
      ["mail sent", "example.net"],
    ]);
  });

  it("tries a transient failure again after 20, 40, 80, 160 and 320 s, then gives up after the sixth attempt", async () => {
    const { transport, queue, log, scheduler } = queueOf();
    queue.send(messageTo("ada@example.org"));
    const waits: number[] = [];
    for (let attempt = 1; attempt <= mailRetry.attempts; attempt++) {
      transport.last().fail(Object.assign(new Error("try later"), { responseCode: 451 }));
      await queue.idle();
      if (attempt < mailRetry.attempts) waits.push(scheduler.runNext());
    }
    expect(waits).toEqual([20_000, 40_000, 80_000, 160_000, 320_000]);
    expect(transport.attempts).toHaveLength(6);
    expect(scheduler.waiting).toEqual([]);
    expect(queue.held).toBe(0);
    expect(log.messages("error")).toEqual(["mail not delivered: every attempt failed"]);
    expect(log.records.at(-1)?.fields).toMatchObject({ toDomain: "example.org", attempts: 6, responseCode: 451 });
  });

  it("does not try a permanent refusal again", async () => {
    const { transport, queue, log, scheduler } = queueOf();
    queue.send(messageTo("ada@example.org"));
    transport.last().fail(Object.assign(new Error("550 no such user ada@example.org"), { responseCode: 550 }));
    await queue.idle();
    expect(scheduler.waiting).toEqual([]);
    expect(transport.attempts).toHaveLength(1);
    expect(log.messages()).toEqual(["mail refused by the mail server; not retried"]);
    expect(log.text()).not.toContain("ada@");
  });

  it("holds at most its limit: a new mail drops the oldest one not being sent, with a log line", async () => {
    const { transport, queue, log, scheduler } = queueOf(3);
    queue.send(messageTo("one@a.example"));
    transport.last().fail(Object.assign(new Error("later"), { code: "ETIMEDOUT" }));
    await queue.idle();
    expect(scheduler.waiting).toEqual([20_000]);
    // "one" waits for its retry; "two" is being sent (the mail server never answers), "three" is due.
    queue.send(messageTo("two@b.example"));
    queue.send(messageTo("three@c.example"));
    expect(queue.held).toBe(3);
    queue.send(messageTo("four@d.example"));
    queue.send(messageTo("five@e.example"));
    expect(queue.held).toBe(3);
    expect(log.records.filter((r) => r.message === "mail dropped: the mail queue is full").map((r) => r.fields.toDomain)).toEqual([
      "a.example",
      "c.example",
    ]);
    expect(scheduler.waiting).toEqual([]);
    for (let sent = 0; sent < 3; sent++) {
      transport.last().succeed();
      await settledPromises();
    }
    await queue.idle();
    expect(transport.attempts.map((a) => a.to)).toEqual(["one@a.example", "two@b.example", "four@d.example", "five@e.example"]);
  });

  it("on shutdown tries every held mail once more at once, then closes the transport", async () => {
    const { transport, queue, log, scheduler } = queueOf();
    queue.send(messageTo("ada@example.org"));
    transport.last().fail(Object.assign(new Error("later"), { responseCode: 421 }));
    await queue.idle();
    expect(scheduler.waiting).toEqual([20_000]);
    const drained = queue.drain(3000);
    expect(transport.attempts).toHaveLength(2);
    transport.last().succeed();
    await drained;
    expect(transport.closed).toBe(true);
    expect(log.messages().at(-1)).toBe("mail sent");
    expect(scheduler.waiting).toEqual([]);
  });

  it("on shutdown gives a silent mail server a bounded time, then aborts the attempt and says how many mails were left", async () => {
    const { transport, queue, log, scheduler } = queueOf();
    queue.send(messageTo("ada@example.org"));
    queue.send(messageTo("bob@example.net"));
    const drained = queue.drain(3000);
    expect(scheduler.waiting).toEqual([3000]);
    scheduler.runNext();
    await drained;
    expect(transport.attempts[0]?.signal.aborted).toBe(true);
    expect(transport.attempts).toHaveLength(1);
    expect(transport.closed).toBe(true);
    expect(log.records.find((r) => r.level === "warn")).toEqual({
      level: "warn",
      message: "mail not delivered: the server stopped before the mail server took it",
      fields: { mails: 2 },
    });
  });
});
