import { SimulatedClock, createActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { spendBatchMachine, spendBatchSelectors as sel, requestId, type CreateSpendInput, type RowSettled } from "../../../src/machines/spend/spendBatch.machine";
import { signedInApi } from "../../model/fixtures";
import { readySheet, spendSheet } from "../../model/exports/exportFixtures";
import { flush } from "../support";
import { spendRowIdempotencyKey } from "../../../src/domain/spend/spendBatchRetry";
import type { SpendEntry } from "../../../src/domain/spend/spendForm";

/** A fake createSpend: records each request; the test settles it (the child reports batch.rowSettled). */
const fakeRequests = () => {
  const started: CreateSpendInput[] = [];
  const stopped: number[] = [];
  const reporters = new Map<number, (e: RowSettled) => void>();
  let maxInFlight = 0;
  const inFlight = () => started.length - stopped.length;
  const logic = fromCallback<{ type: string }, CreateSpendInput>(({ input, sendBack }) => {
    started.push(input);
    reporters.set(input.row, sendBack as (e: RowSettled) => void);
    maxInFlight = Math.max(maxInFlight, inFlight());
    return () => void stopped.push(input.row);
  });
  return {
    logic,
    started,
    stopped,
    inFlight,
    maxInFlight: () => maxInFlight,
    settle: (row: number, outcome: "success" | "error" = "success") => {
      const report = reporters.get(row);
      if (!report) throw new Error(`row ${row} was never started`);
      report(outcome === "success" ? { type: "batch.rowSettled", row, outcome } : { type: "batch.rowSettled", row, outcome, message: "This row could not be saved. (HTTP 500)" });
    },
  };
};

const setup = () => {
  const requests = fakeRequests();
  const heard: EventObject[] = [];
  const listener = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void heard.push(e)))).start();
  const actor = createActor(spendBatchMachine.provide({ actors: { createSpend: requests.logic } }), {
    clock: new SimulatedClock(),
    input: { api: signedInApi, program: "acme", today: "2026-03-01", listener },
  }).start();
  const snap = () => actor.getSnapshot();
  const statuses = () => sel.rows(snap()).map((r) => r.status);
  return { actor, requests, snap, statuses, heard };
};

afterEach(() => vi.unstubAllGlobals());

describe("spendBatch machine", () => {
  it("previews a sheet: allow-listed columns, normalised values, per-row checks", () => {
    const { actor, snap, statuses } = setup();
    expect(sel.isEmpty(snap())).toBe(true);
    actor.send({ type: "batch.sheetLoaded", fileName: "costs.csv", rows: spendSheet });
    expect(snap().value).toBe("preview");
    expect(sel.fileName(snap())).toBe("costs.csv");
    expect(statuses()).toEqual(["ready", "ready", "zero_cost", "invalid", "ready"]);
    const rows = sel.rows(snap());
    expect(rows[0]?.row.values).toEqual({
      taxonomy_1: "Paid Search",
      taxonomy_2: "Brand",
      taxonomy_3: "",
      taxonomy_4: "",
      cost: "1200.50",
      frequency: "daily",
      start_date: "2026-01-05",
      end_date: "2026-01-31",
    });
    expect(rows[4]?.row.values.cost).toBe("100.00");
    expect(rows[4]?.row.values.start_date).toBe("2026-01-05");
    expect(rows.map((r) => r.row.line)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[3]?.message).toBe("Taxonomy 1 is required.");
    expect(rows[2]?.message).toBe("The spend is 0: this row is not sent.");
    expect(sel.readyCount(snap())).toBe(3);
    expect(sel.canSend(snap())).toBe(true);
    expect(sel.rows(snap())).toBe(sel.rows(snap()));
  });

  it("refuses a sheet with a forbidden header, naming it, and one without the required columns", () => {
    const { actor, snap } = setup();
    actor.send({ type: "batch.sheetLoaded", fileName: "bad.csv", rows: [["taxonomy_1", "cost", "start_date", "__proto__"], ["a", 1, "2026-01-01", "x"]] });
    expect(snap().value).toBe("refused");
    expect(sel.problem(snap())).toContain('"__proto__"');
    actor.send({ type: "batch.sheetLoaded", fileName: "bad.csv", rows: [["taxonomy_1", "notes"], ["a", "b"]] });
    expect(snap().value).toBe("refused");
    expect(sel.problem(snap())).toContain("missing: Spend, Start date");
    actor.send({ type: "batch.sheetLoaded", fileName: "empty.csv", rows: [["taxonomy_1", "cost", "start_date"]] });
    expect(sel.problem(snap())).toBe("The sheet holds no rows.");
    actor.send({ type: "batch.sent" });
    expect(snap().value).toBe("refused");
  });

  it("sheet options: rows to skip and whether the top row holds headers", () => {
    const { actor, snap, statuses } = setup();
    const withTitle = [["Spend for January"], [], ...readySheet(2)];
    actor.send({ type: "batch.sheetLoaded", fileName: "t.csv", rows: withTitle });
    expect(snap().value).toBe("refused");
    actor.send({ type: "batch.optionsChanged", skip: 2 });
    expect(snap().value).toBe("preview");
    expect(sel.options(snap())).toEqual({ headerRow: true, skip: 2 });
    expect(statuses()).toEqual(["ready", "ready"]);
    expect(sel.rows(snap()).map((r) => r.row.line)).toEqual([4, 5]);
    actor.send({ type: "batch.optionsChanged", headerRow: false });
    expect(snap().value).toBe("refused");
    expect(sel.problem(snap())).toContain("missing");
    actor.send({ type: "batch.optionsChanged", headerRow: true, skip: -4 });
    expect(sel.options(snap())).toEqual({ headerRow: true, skip: 0 });
  });

  it("options are kept for another sheet of the same file and reset for a new file", () => {
    const { actor, snap } = setup();
    actor.send({ type: "batch.sheetLoaded", fileName: "t.xlsx", rows: [["title"], ...readySheet(1)] });
    actor.send({ type: "batch.optionsChanged", skip: 1 });
    actor.send({ type: "batch.sheetLoaded", fileName: "t.xlsx", rows: [["other title"], ...readySheet(2)] });
    expect(sel.options(snap())).toEqual({ headerRow: true, skip: 1 });
    expect(snap().value).toBe("preview");
    actor.send({ type: "batch.sheetLoaded", fileName: "new.csv", rows: readySheet(2) });
    expect(sel.options(snap())).toEqual({ headerRow: true, skip: 0 });
    expect(snap().value).toBe("preview");
  });

  it("sends every valid row as its own request, at most 10 at once, and finishes", async () => {
    const { actor, requests, snap, statuses } = setup();
    const sheet = readySheet(25);
    sheet.push(["Zero", 0, "2026-01-01"], [null, 5, "2026-01-01"]);
    actor.send({ type: "batch.sheetLoaded", fileName: "big.csv", rows: sheet });
    actor.send({ type: "batch.sent" });
    expect(snap().value).toBe("sending");
    expect(sel.isSending(snap())).toBe(true);
    expect(requests.started.map((r) => r.row)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const body: SpendEntry = { taxonomy_1: "Channel 1", cost: 1, start_date: "2026-01-01", frequency: "single" };
    expect(requests.started[0]).toEqual({ api: signedInApi, program: "acme", row: 0, body, attempt: 1, idempotencyKey: spendRowIdempotencyKey({ fileName: "big.csv", line: 2, body }) });
    expect(new Set(requests.started.map((r) => r.idempotencyKey)).size).toBe(10);
    expect(sel.inFlight(snap())).toBe(10);
    expect(Object.keys(snap().children).filter((id) => id.startsWith("createSpend-"))).toHaveLength(10);
    expect(statuses().slice(10)).toEqual([...Array<string>(15).fill("queued"), "zero_cost", "error"]);
    expect(sel.sendTotal(snap())).toBe(25);

    requests.settle(3);
    expect(requests.stopped).toEqual([3]);
    expect(requests.started.map((r) => r.row).slice(10)).toEqual([10]);
    expect(sel.inFlight(snap())).toBe(10);
    requests.settle(0, "error");
    expect(sel.rows(snap())[0]?.message).toBe("This row could not be saved. (HTTP 500)");
    // a report for a row that is not in flight changes nothing
    requests.settle(0);
    expect(statuses()[0]).toBe("error");

    for (let row = 1; row < 25; row++) if (row !== 3) requests.settle(row);
    await flush();
    expect(requests.maxInFlight()).toBe(10);
    expect(requests.started).toHaveLength(25);
    expect(snap().value).toBe("finished");
    expect(sel.finishedMessage(snap())).toBe("Finished: A total of 27 records were processed");
    expect(statuses().filter((s) => s === "success")).toHaveLength(24);
    expect(statuses().slice(25)).toEqual(["zero_cost", "error"]);
    expect(sel.settledCount(snap())).toBe(25);
    expect(Object.keys(snap().children).filter((id) => id.startsWith("createSpend-"))).toEqual([]);
  });

  it("its listener hears spendBatch.finished once, at the end of a batch that saved rows, not per row", () => {
    const { actor, requests, heard } = setup();
    actor.send({ type: "batch.sheetLoaded", fileName: "big.csv", rows: readySheet(12) });
    actor.send({ type: "batch.sent" });
    for (let row = 0; row < 11; row++) requests.settle(row, row === 0 ? "error" : "success");
    expect(heard).toEqual([]);
    requests.settle(11, "error");
    expect(heard).toEqual([{ type: "spendBatch.finished", saved: 10 }]);
    // A row reported again after the end changes nothing.
    requests.settle(11);
    expect(heard).toHaveLength(1);
  });

  it("a batch that saved no row, or had nothing to send, or was removed while sending, tells its listener nothing", () => {
    const failed = setup();
    failed.actor.send({ type: "batch.sheetLoaded", fileName: "two.csv", rows: readySheet(2) });
    failed.actor.send({ type: "batch.sent" });
    failed.requests.settle(0, "error");
    failed.requests.settle(1, "error");
    expect(failed.snap().value).toBe("finished");
    expect(failed.heard).toEqual([]);

    const nothing = setup();
    nothing.actor.send({ type: "batch.sheetLoaded", fileName: "z.csv", rows: [["taxonomy_1", "cost", "start_date"], ["a", 0, "2026-01-01"]] });
    nothing.actor.send({ type: "batch.sent" });
    expect(nothing.snap().value).toBe("finished");
    expect(nothing.heard).toEqual([]);

    const removed = setup();
    removed.actor.send({ type: "batch.sheetLoaded", fileName: "two.csv", rows: readySheet(2) });
    removed.actor.send({ type: "batch.sent" });
    removed.requests.settle(0);
    removed.actor.send({ type: "batch.cleared" });
    expect(removed.heard).toEqual([]);
  });

  it("a sheet with nothing valid to send is processed at once", () => {
    const { actor, requests, snap, statuses } = setup();
    actor.send({ type: "batch.sheetLoaded", fileName: "z.csv", rows: [["taxonomy_1", "cost", "start_date"], ["a", 0, "2026-01-01"], ["", 3, "2026-01-01"]] });
    actor.send({ type: "batch.sent" });
    expect(snap().value).toBe("finished");
    expect(statuses()).toEqual(["zero_cost", "error"]);
    expect(requests.started).toEqual([]);
    expect(sel.finishedMessage(snap())).toBe("Finished: A total of 2 records were processed");
  });

  it("removing the file while sending stops the requests in flight", () => {
    const { actor, requests, snap } = setup();
    actor.send({ type: "batch.sheetLoaded", fileName: "big.csv", rows: readySheet(12) });
    actor.send({ type: "batch.sent" });
    requests.settle(0);
    actor.send({ type: "batch.cleared" });
    expect(snap().value).toBe("empty");
    expect([...requests.stopped].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(snap().children).toEqual({});
    expect(sel.rowCount(snap())).toBe(0);
  });

  it("after finishing, a new sheet starts a new preview and clearing empties", () => {
    const { actor, requests, snap } = setup();
    actor.send({ type: "batch.sheetLoaded", fileName: "a.csv", rows: readySheet(1) });
    actor.send({ type: "batch.sent" });
    requests.settle(0);
    expect(snap().value).toBe("finished");
    actor.send({ type: "batch.sheetLoaded", fileName: "b.csv", rows: readySheet(2) });
    expect(snap().value).toBe("preview");
    expect(sel.finishedMessage(snap())).toBeNull();
    expect(sel.rows(snap()).map((r) => r.status)).toEqual(["ready", "ready"]);
    actor.send({ type: "batch.cleared" });
    expect(snap().value).toBe("empty");
  });

  it("the real createSpend POSTs each row to programs/{program}/fixed-costs and reports success or error", async () => {
    const calls: Array<{ url: string; method: string; body: unknown; auth: string | null; key: string | null }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { taxonomy_1: string };
        const headers = new Headers(init.headers);
        calls.push({ url, method: String(init.method), body, auth: headers.get("Authorization"), key: headers.get("Idempotency-Key") });
        return body.taxonomy_1 === "Channel 2"
          ? new Response(JSON.stringify({ error: "invalid_body", message: "no" }), { status: 400 })
          : new Response(JSON.stringify({ data: { id: 7, extra: true } }), { status: 201 });
      }),
    );
    const actor = createActor(spendBatchMachine, { input: { api: signedInApi, program: "acme shop" } }).start();
    actor.send({ type: "batch.sheetLoaded", fileName: "a.csv", rows: readySheet(3) });
    actor.send({ type: "batch.sent" });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("finished"));
    expect(calls.map((c) => [c.method, c.url, c.auth])).toEqual([
      ["POST", "/api/programs/acme%20shop/fixed-costs", "Bearer tok-1"],
      ["POST", "/api/programs/acme%20shop/fixed-costs", "Bearer tok-1"],
      ["POST", "/api/programs/acme%20shop/fixed-costs", "Bearer tok-1"],
    ]);
    const body: SpendEntry = { taxonomy_1: "Channel 1", cost: 1, start_date: "2026-01-01", frequency: "single" };
    expect(calls.map((c) => c.body)).toContainEqual(body);
    // Every row carries its own Idempotency-Key, derived from the file, the line and the body.
    expect(calls.find((c) => JSON.stringify(c.body) === JSON.stringify(body))?.key).toBe(spendRowIdempotencyKey({ fileName: "a.csv", line: 2, body }));
    expect(new Set(calls.map((c) => c.key)).size).toBe(3);
    const rows = sel.rows(actor.getSnapshot());
    expect(rows.map((r) => r.status)).toEqual(["success", "error", "success"]);
    expect(rows[1]?.message).toBe("This row could not be saved. (HTTP 400)");
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it("the real createSpend aborts its request when stopped", async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            const signal = init.signal as AbortSignal;
            signals.push(signal);
            signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
    const actor = createActor(spendBatchMachine, { input: { api: signedInApi, program: "acme" } }).start();
    actor.send({ type: "batch.sheetLoaded", fileName: "a.csv", rows: readySheet(2) });
    actor.send({ type: "batch.sent" });
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    const child = actor.getSnapshot().children[requestId(0)] as AnyActorRef | undefined;
    expect(child).toBeDefined();
    actor.send({ type: "batch.cleared" });
    await flush();
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(actor.getSnapshot().value).toBe("empty");
  });
});

/** Answers of a stubbed fetch, in order (the last one repeats): a status, optionally with Retry-After, or "network" (fetch rejects). */
type FetchAnswer = { status: number; retryAfter?: string } | "network";

/** The real createSpend over a stubbed fetch, on a simulated clock: every request's time, Idempotency-Key and body. */
const retryRig = (answers: ReadonlyArray<FetchAnswer>, sheetRows = 1) => {
  const clock = new SimulatedClock();
  const sent: Array<{ at: number; key: string | null }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({ at: clock.now(), key: new Headers(init.headers).get("Idempotency-Key") });
      const answer = answers[Math.min(sent.length - 1, answers.length - 1)] ?? "network";
      if (answer === "network") throw new TypeError("Failed to fetch");
      const headers: Record<string, string> = answer.retryAfter === undefined ? {} : { "Retry-After": answer.retryAfter };
      const body = answer.status < 300 ? { data: { id: 7 } } : { error: "failed", message: "no" };
      return new Response(JSON.stringify(body), { status: answer.status, headers });
    }),
  );
  const actor = createActor(spendBatchMachine, { clock, input: { api: signedInApi, program: "acme" } }).start();
  actor.send({ type: "batch.sheetLoaded", fileName: "retry.csv", rows: readySheet(sheetRows) });
  actor.send({ type: "batch.sent" });
  const row = () => sel.rows(actor.getSnapshot())[0];
  /** Lets the request answer, then moves the simulated clock on. */
  const wait = async (ms: number) => {
    await flush();
    clock.increment(ms);
    await flush();
  };
  return { actor, clock, sent, row, wait };
};

describe("spendBatch retries", () => {
  it("a 503 then a success: one saved row, sent twice with the same Idempotency-Key, 0.5 s apart", async () => {
    const { actor, sent, row, wait } = retryRig([{ status: 503 }, { status: 201 }]);
    await wait(499);
    expect(sent).toHaveLength(1);
    expect(row()?.status).toBe("retrying");
    expect(sel.inFlight(actor.getSnapshot())).toBe(0);
    await wait(1);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("finished"));
    expect(sent.map((s) => s.at)).toEqual([0, 500]);
    expect(sent[0]?.key).toMatch(/^spend-row-[0-9a-f]{32}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(row()).toMatchObject({ status: "success", attempts: 2, message: null });
  });

  it("a 422 ends the row as an error at once, after one attempt", async () => {
    const { actor, sent, row, wait } = retryRig([{ status: 422 }, { status: 201 }]);
    await wait(0);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("finished"));
    await wait(10_000);
    expect(sent).toHaveLength(1);
    expect(row()).toMatchObject({ status: "error", attempts: 1, message: "This row could not be saved. (HTTP 422)" });
  });

  it("a 429 with Retry-After 2 waits 2 s on the simulated clock before the second attempt", async () => {
    const { actor, sent, row, wait } = retryRig([{ status: 429, retryAfter: "2" }, { status: 201 }]);
    await wait(1_999);
    expect(sent).toHaveLength(1);
    expect(row()?.status).toBe("retrying");
    await wait(1);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("finished"));
    expect(sent.map((s) => s.at)).toEqual([0, 2_000]);
    expect(row()).toMatchObject({ status: "success", attempts: 2 });
  });

  it("a network failure 5 times ends the row as an error after 5 attempts, waiting 0.5, 1, 2 and 4 s", async () => {
    const { actor, sent, row, wait } = retryRig(["network"]);
    for (const [attempt, ms] of [500, 1_000, 2_000, 4_000].entries()) {
      await wait(ms - 1);
      expect(sent, `attempt ${attempt + 2} waits ${ms} ms`).toHaveLength(attempt + 1);
      await wait(1);
    }
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("finished"));
    await wait(60_000);
    expect(sent.map((s) => s.at)).toEqual([0, 500, 1_500, 3_500, 7_500]);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(row()).toMatchObject({ status: "error", attempts: 5, message: "This row could not be saved." });
  });

  it("a waiting row keeps its place in the pool: never more than 10 rows in flight or waiting, the 11th starts when one ends", async () => {
    const { actor, sent, wait } = retryRig([...Array<FetchAnswer>(10).fill({ status: 500 }), { status: 201 }], 11);
    await wait(0);
    expect(sel.rows(actor.getSnapshot()).map((r) => r.status)).toEqual([...Array<string>(10).fill("retrying"), "queued"]);
    expect(sent).toHaveLength(10);
    await wait(500);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe("finished"));
    expect(sent).toHaveLength(21);
    expect(sel.rows(actor.getSnapshot()).map((r) => r.attempts)).toEqual([...Array<number>(10).fill(2), 1]);
  });

  it("removing the file while a row waits cancels its retry", async () => {
    const { actor, sent, wait } = retryRig([{ status: 503 }]);
    await wait(0);
    expect(sel.rows(actor.getSnapshot())[0]?.status).toBe("retrying");
    actor.send({ type: "batch.cleared" });
    await wait(10_000);
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe("empty");
  });
});
