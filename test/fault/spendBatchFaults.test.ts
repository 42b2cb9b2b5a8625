import { SimulatedClock, createActor } from "xstate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TableResponse } from "../../src/domain/performance/performance";
import type { WorkbookCell } from "../../src/domain/exports/workbookRows";
import { maxRowAttempts } from "../../src/domain/spend/spendBatchRetry";
import { spendBatchMachine, spendBatchSelectors as sel } from "../../src/machines/spend/spendBatch.machine";
import { northwindId } from "../contract/accountSupport";
import { decoded, openContractApp, type ContractApp } from "../contract/contractApp";

/**
 * 1,000 fixed spend rows through the client's real row sender (the spend batch machine, its
 * `createSpend` requests through the live API client's `fetch`, with the retry rules of
 * spendBatchRetry.ts) against the real server app in-process, while a fault-injecting
 * `fetch` makes about a fifth of the answers fail:
 * - 503 from a gateway before the server saw the request (nothing stored);
 * - 503 after the server stored the row (the gateway lost the answer);
 * - a dropped connection after the server stored the row (the client sees a network error);
 * - 429 with `Retry-After: 1` (nothing stored).
 * Retry waits run on a simulated clock, so the batch takes seconds. The database must hold
 * every row exactly once (0 lost, 0 duplicates) and every row must end as success.
 */

const rowCount = 1000;
const channel = "Fault batch";
const day = "2031-08-04";
const origin = "http://app.test";

type Fault = "503-before" | "503-after-stored" | "dropped-after-stored" | "429-retry-after";
const faults: ReadonlyArray<Fault> = ["503-before", "503-after-stored", "dropped-after-stored", "429-retry-after"];
/** A fifth of the answers fail. */
const faultShare = 0.2;
/**
 * A row fails at most this many attempts in a row: the sender gives a row 5 attempts
 * (maxRowAttempts) and ends it as an error after that, which is its rule, not a loss; the
 * faults stay within it, so every row must end as success.
 */
const faultsPerRowAtMost = maxRowAttempts - 1;

/** A seeded PRNG (mulberry32): the same faults on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const sheet: WorkbookCell[][] = [
  ["taxonomy_1", "taxonomy_2", "cost", "start_date", "frequency"],
  ...Array.from({ length: rowCount }, (_, i): WorkbookCell[] => [channel, `row ${String(i + 1).padStart(4, "0")}`, ((i % 40) + 1) * 1.5, day, "single"]),
];
const expectedTotal = sheet.slice(1).reduce((sum, row) => sum + Number(row[2]), 0);

describe("1,000 spend rows through the row sender while a fifth of the answers fail", () => {
  let t: ContractApp;
  let token: string;
  const counts = { requests: 0, faulted: 0, byFault: new Map<Fault, number>(), storedThenFailed: 0 };

  beforeAll(async () => {
    t = await openContractApp();
    token = await t.signIn("admin");
    const random = seeded(20260101);
    const faultsInARow = new Map<string, number>();
    /** The browser's fetch, in front of the app: some requests never reach it, some answers never come back. */
    const faultyFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const key = new Headers(init?.headers).get("Idempotency-Key") ?? url;
      counts.requests += 1;
      const streak = faultsInARow.get(key) ?? 0;
      const fault = streak < faultsPerRowAtMost && random() < faultShare ? faults[Math.floor(random() * faults.length)] : undefined;
      faultsInARow.set(key, fault ? streak + 1 : 0);
      if (fault) {
        counts.faulted += 1;
        counts.byFault.set(fault, (counts.byFault.get(fault) ?? 0) + 1);
      }
      if (fault === "503-before") return new Response(JSON.stringify({ error: "unavailable", message: "Service unavailable" }), { status: 503 });
      if (fault === "429-retry-after") {
        return new Response(JSON.stringify({ error: "too_many_requests", message: "Too many requests" }), { status: 429, headers: { "Retry-After": "1" } });
      }
      const answer = await t.app.request(url.slice(origin.length), init);
      const text = await answer.text();
      if (fault === "503-after-stored" || fault === "dropped-after-stored") {
        if (answer.status === 200) counts.storedThenFailed += 1;
        if (fault === "dropped-after-stored") throw new TypeError("fetch failed: the connection was reset");
        return new Response("upstream answer lost", { status: 503 });
      }
      return new Response(text, { status: answer.status, headers: answer.headers });
    };
    vi.stubGlobal("fetch", faultyFetch);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await t.close();
  });

  it("stores every row exactly once and reports every row as saved", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(spendBatchMachine, { clock, input: { api: { baseUrl: `${origin}/api`, token }, program: "northwind" } }).start();
    actor.send({ type: "batch.sheetLoaded", fileName: "fault-batch.csv", rows: sheet });
    expect(sel.readyCount(actor.getSnapshot())).toBe(rowCount);
    const started = performance.now();
    actor.send({ type: "batch.sent" });
    let maxInFlight = 0;
    // Real requests settle in real time; the retry waits (0.5 s to 8 s, Retry-After 1 s) pass on the simulated clock.
    while (!sel.isFinished(actor.getSnapshot())) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      maxInFlight = Math.max(maxInFlight, sel.inFlight(actor.getSnapshot()));
      clock.increment(100);
    }
    const elapsed = performance.now() - started;
    const snapshot = actor.getSnapshot();
    actor.stop();

    // About a fifth of the answers failed, of every kind, and rows stored before their answer was lost were among them.
    const share = counts.faulted / counts.requests;
    expect(share, JSON.stringify({ ...counts, byFault: Object.fromEntries(counts.byFault) })).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
    for (const fault of faults) expect(counts.byFault.get(fault) ?? 0, fault).toBeGreaterThan(20);
    expect(counts.storedThenFailed).toBeGreaterThan(40);
    expect(maxInFlight).toBeLessThanOrEqual(10);

    // Every row reported success.
    const rows = sel.rows(snapshot);
    expect(rows.filter((r) => r.status !== "success").map((r) => ({ line: r.row.line, status: r.status, message: r.message }))).toEqual([]);
    expect(sel.finishedMessage(snapshot)).toBe(`Finished: A total of ${rowCount} records were processed`);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);

    // 0 lost, 0 duplicates: each row's configuration is stored once, with the row's cost.
    const stored = (await t.warehouse.costs.fixedInRange(northwindId, { from: day, to: day })).filter((r) => r.taxonomy_1 === channel);
    const perRow = new Map<string, number>();
    for (const record of stored) perRow.set(record.taxonomy_2, (perRow.get(record.taxonomy_2) ?? 0) + 1);
    const lost = sheet.slice(1).filter((row) => !perRow.has(String(row[1])));
    const doubled = [...perRow].filter(([, n]) => n > 1);
    expect({ lost: lost.length, duplicated: doubled.length, stored: stored.length }).toEqual({ lost: 0, duplicated: 0, stored: rowCount });
    for (const row of sheet.slice(1)) {
      expect(stored.find((r) => r.taxonomy_2 === row[1])?.cost, String(row[1])).toBe(Number(row[2]));
    }

    // The performance report counts the batch at once.
    const table = decoded(
      await t.call("GET", `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${day}&date_to=${day}`, { token }),
      TableResponse,
    );
    expect(Number(table.data.find((r) => r["taxonomy_1"] === channel)?.["fixed_cost"])).toBeCloseTo(expectedTotal, 2);
    console.info(
      `spend batch under faults: ${rowCount} rows, ${counts.requests} requests, ${counts.faulted} failed (${(share * 100).toFixed(1)} %),` +
        ` ${counts.storedThenFailed} stored before the failure, ${Math.round(elapsed)} ms`,
    );
  });
});
