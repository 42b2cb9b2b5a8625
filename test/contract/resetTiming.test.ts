import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minute, openContractApp, type ContractApp } from "./contractApp";

const median = (values: ReadonlyArray<number>): number => quantile(values, 0.5);
const quantile = (values: ReadonlyArray<number>, q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] ?? 0;
  const high = sorted[Math.ceil(at)] ?? low;
  return low + (high - low) * (at - Math.floor(at));
};
const interquartileRange = (values: ReadonlyArray<number>): number => quantile(values, 0.75) - quantile(values, 0.25);

const rounds = 40;

describe("POST /api/auth/password/request-reset timing", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  /** Milliseconds until the answer (not the mail after it); then waits for the mail. */
  const timedRequest = async (email: string): Promise<number> => {
    const started = performance.now();
    const response = await t.app.request("/api/auth/password/request-reset", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    await response.text();
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    await t.background.settled();
    // Past every throttle window, so each known request issues a link and writes a mail.
    t.clock.advance(15 * minute);
    return ms;
  };

  it("answers a known and an unknown email in the same time (medians within the noise)", async () => {
    for (let i = 0; i < 5; i++) {
      await timedRequest("demo@example.com");
      await timedRequest(`warm-up-${i}@example.com`);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < rounds; i++) {
      // Alternate which goes first, so a drift in load falls on both.
      if (i % 2 === 0) {
        known.push(await timedRequest("demo@example.com"));
        unknown.push(await timedRequest(`nobody-${i}@example.com`));
      } else {
        unknown.push(await timedRequest(`nobody-${i}@example.com`));
        known.push(await timedRequest("demo@example.com"));
      }
    }
    expect(t.outbox.sent.filter((m) => m.to === "demo@example.com")).toHaveLength(rounds + 5);
    const difference = Math.abs(median(known) - median(unknown));
    const spread = Math.max(interquartileRange(known), interquartileRange(unknown));
    console.log(
      `request-reset medians: known ${median(known).toFixed(3)} ms, unknown ${median(unknown).toFixed(3)} ms, ` +
        `difference ${difference.toFixed(3)} ms, larger interquartile range ${spread.toFixed(3)} ms`,
    );
    // Generous: the difference stays inside the spread of either sample (plus 0.2 ms of timer grain).
    expect(difference).toBeLessThanOrEqual(spread + 0.2);
  });
});
