import { describe, expect, it } from "vitest";
import {
  fnv1a128,
  isRetryableFailure,
  maxRowAttempts,
  nextRetryMs,
  retryAfterSeconds,
  retryWaitMs,
  spendRowIdempotencyKey,
  type AttemptFailure,
} from "../../../src/domain/spend/spendBatchRetry";
import type { SpendEntry } from "../../../src/domain/spend/spendForm";

const status = (code: number, after?: number): AttemptFailure => (after === undefined ? { kind: "status", status: code } : { kind: "status", status: code, retryAfterSeconds: after });

describe("which failures a batch row is sent again after", () => {
  it.each<[string, AttemptFailure, boolean]>([
    ["no answer (network)", { kind: "network" }, true],
    ["500", status(500), true],
    ["502", status(502), true],
    ["503", status(503), true],
    ["504", status(504), true],
    ["429", status(429), true],
    ["400", status(400), false],
    ["401", status(401), false],
    ["403", status(403), false],
    ["404", status(404), false],
    ["409", status(409), false],
    ["422", status(422), false],
    ["an unreadable answer", { kind: "unreadable" }, false],
  ])("%s → %s", (_label, failure, retried) => {
    expect(isRetryableFailure(failure)).toBe(retried);
    expect(nextRetryMs(1, failure) !== null).toBe(retried);
  });
});

describe("how long a row waits before its next attempt", () => {
  it.each<[number, AttemptFailure, number | null]>([
    // capped exponential backoff: 0.5 s, 1 s, 2 s, 4 s, then no 6th attempt
    [1, { kind: "network" }, 500],
    [2, { kind: "network" }, 1_000],
    [3, status(503), 2_000],
    [4, status(500), 4_000],
    [5, { kind: "network" }, null],
    [6, status(503), null],
    // Retry-After honoured, capped at 8 s, also on the last retry before the cap
    [1, status(429, 2), 2_000],
    [1, status(503, 0), 0],
    [3, status(429, 1), 1_000],
    [1, status(429, 60), 8_000],
    [4, status(503, 9), 8_000],
    [5, status(429, 2), null],
    // never for other 4xx, whatever Retry-After says
    [1, status(422, 2), null],
  ])("after attempt %i failing with %j: %s ms", (attempt, failure, ms) => {
    expect(nextRetryMs(attempt, failure)).toBe(ms);
  });

  it("the backoff itself never exceeds 8 s, however many attempts", () => {
    expect([1, 2, 3, 4, 5, 6, 10, 40].map((n) => retryWaitMs(n, { kind: "network" }))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000]);
    expect(maxRowAttempts).toBe(5);
  });

  it.each<[string | null | undefined, number | undefined]>([
    ["2", 2],
    [" 120 ", 120],
    ["0", 0],
    ["1.5", undefined],
    ["-1", undefined],
    ["Wed, 21 Oct 2026 07:28:00 GMT", undefined],
    ["", undefined],
    [null, undefined],
    [undefined, undefined],
  ])("Retry-After %j reads as %s seconds", (header, seconds) => {
    expect(retryAfterSeconds(header)).toBe(seconds);
  });
});

describe("a sheet row's Idempotency-Key", () => {
  const body: SpendEntry = { taxonomy_1: "Paid Search", taxonomy_2: "Brand", cost: 1200.5, start_date: "2026-01-05", end_date: "2026-01-31", frequency: "daily" };
  const key = spendRowIdempotencyKey({ fileName: "costs.xlsx", line: 2, body });

  it("is printable ASCII of at most 200 characters, as the server requires", () => {
    expect(key).toMatch(/^spend-row-[0-9a-f]{32}$/);
  });

  it("is the same for the same file row, whatever the order of the body's fields (a reload sends it again)", () => {
    const reordered = Object.fromEntries(Object.entries(body).reverse()) as unknown as SpendEntry;
    expect(spendRowIdempotencyKey({ fileName: "costs.xlsx", line: 2, body: reordered })).toBe(key);
  });

  it.each<[string, Parameters<typeof spendRowIdempotencyKey>[0]]>([
    ["another line", { fileName: "costs.xlsx", line: 3, body }],
    ["another file", { fileName: "costs-2.xlsx", line: 2, body }],
    ["another cost", { fileName: "costs.xlsx", line: 2, body: { ...body, cost: 1200.51 } }],
    ["another date", { fileName: "costs.xlsx", line: 2, body: { ...body, start_date: "2026-01-06" } }],
    ["another taxonomy", { fileName: "costs.xlsx", line: 2, body: { ...body, taxonomy_2: "Generic" } }],
  ])("differs for %s", (_label, identity) => {
    expect(spendRowIdempotencyKey(identity)).not.toBe(key);
  });

  it("FNV-1a 128 matches the published test vectors", () => {
    expect(fnv1a128("")).toBe("6c62272e07bb014262b821756295c58d");
    expect(fnv1a128("a")).toBe("d228cb696f1a8caf78912b704e4a8964");
  });
});
