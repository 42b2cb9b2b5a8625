import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  collectionLogLimits,
  frameOf,
  openCollectionLog,
  readRecords,
  readRecordsInSlices,
  type CollectionLogLimits,
  type LoggedRequest,
} from "../../../server/engine/collectionLog";
import type { IngestTarget } from "../../../server/engine/ingestion";
import type { Log } from "../../../server/log";
import type { IngestedHit, IngestedVisitorEvent } from "../../../server/warehouse/ingestionQueries";

const hit = (eventId: string): IngestedHit => ({
  eventId,
  visitorId: "v-1",
  ts: 1_700_000_000_000,
  hitDate: "2023-11-14",
  eventType: "click",
  source: "google",
  medium: "cpc",
  campaign: "Brand",
  content: null,
  term: null,
  referrer: null,
  landingUrl: "https://shop.example/?utm_source=google&utm_medium=cpc",
  publisherId: null,
  costLink: null,
});

const request = (programId: number, ...ids: ReadonlyArray<string>): LoggedRequest => ({
  programId,
  at: 1_700_000_000_000 + ids.length,
  hits: ids.map(hit),
  visitorEvents: [],
  refused: {},
});

/** A target that records what it is given, as the warehouse's ingestion family would store it. */
const recordingTarget = () => {
  const calls: Array<{ readonly what: string; readonly programId: number; readonly ids: ReadonlyArray<string> }> = [];
  const target: IngestTarget = {
    addEvents: (programId, hits) => {
      calls.push({ what: "events", programId, ids: hits.map((h) => h.eventId) });
      return Promise.resolve({ stored: hits.length, unchanged: 0 });
    },
    importEvents: (programId, hits) => {
      calls.push({ what: "bulk events", programId, ids: hits.map((h) => h.eventId) });
      return Promise.resolve({ stored: hits.length, unchanged: 0 });
    },
    addVisitorEvents: (programId, events) => {
      calls.push({ what: "visitorEvents", programId, ids: events.map((e) => e.eventId) });
      return Promise.resolve({ stored: events.length, unchanged: 0 });
    },
    putOrders: () => Promise.reject(new Error("the log holds no orders")),
    tallyRefused: (programId, kind, counts) => {
      calls.push({ what: "refused", programId, ids: [...counts].map(([reason, count]) => `${kind === "event" ? "" : `${kind} `}${reason}:${count}`) });
      return Promise.resolve();
    },
  };
  const ids = () => calls.filter((c) => c.what === "events" || c.what === "bulk events").flatMap((c) => c.ids);
  return { target, calls, ids };
};

const warnings: string[] = [];
const log: Log = { info: () => {}, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
const dirs: string[] = [];
const freshDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "collection-log-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  warnings.splice(0);
});
const segments = (dir: string): ReadonlyArray<string> => readdirSync(dir).filter((name) => name.endsWith(".seg")).sort();
const open = (dir: string, limits: Partial<CollectionLogLimits> = {}) => openCollectionLog({ dir, log, limits: { ...collectionLogLimits, ...limits } });

describe("collection log records", () => {
  const one = frameOf(request(1, "a"));
  const two = frameOf(request(2, "b", "c"));
  const whole = Buffer.concat([one, two]);
  const flipped = Buffer.from(whole);
  flipped[one.length + 12] = (flipped[one.length + 12] ?? 0) ^ 0xff;
  const cases: ReadonlyArray<{ name: string; bytes: Buffer; ids: ReadonlyArray<string>; end: number; problem: string | null }> = [
    { name: "whole records", bytes: whole, ids: ["a", "b", "c"], end: whole.length, problem: null },
    { name: "nothing", bytes: Buffer.alloc(0), ids: [], end: 0, problem: null },
    { name: "a torn header", bytes: whole.subarray(0, one.length + 5), ids: ["a"], end: one.length, problem: "torn" },
    { name: "a torn payload", bytes: whole.subarray(0, whole.length - 1), ids: ["a"], end: one.length, problem: "torn" },
    { name: "a payload that fails its checksum", bytes: flipped, ids: ["a"], end: one.length, problem: "checksum" },
    { name: "a length no record has", bytes: Buffer.concat([one, Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0])]), ids: ["a"], end: one.length, problem: "checksum" },
  ];
  it.each(cases)("reads $name", ({ bytes, ids, end, problem }) => {
    const read = readRecords(bytes);
    expect(read.requests.flatMap((r) => r.hits.map((h) => h.eventId))).toEqual(ids);
    expect(read.end).toBe(end);
    expect(read.problem).toBe(problem);
  });
  it.each(cases.flatMap((c) => [1, one.length + 1, 1 << 30].map((sliceBytes) => ({ ...c, sliceBytes }))))(
    "reads $name in slices of $sliceBytes bytes as at once, a turn of the event loop between slices",
    async ({ bytes, ids, end, problem, sliceBytes }) => {
      let pauses = 0;
      const read = await readRecordsInSlices(bytes, sliceBytes, () => {
        pauses += 1;
        return Promise.resolve();
      });
      expect(read.requests.flatMap((r) => r.hits.map((h) => h.eventId))).toEqual(ids);
      expect([read.end, read.problem]).toEqual([end, problem]);
      // A slice begins at most one record; every slice but the last is followed by a pause.
      const slices = sliceBytes === 1 ? read.requests.length + (read.end < bytes.length ? 1 : 0) : 1;
      expect(pauses).toBe(Math.max(0, slices - 1));
    },
  );
});

describe("collection log", () => {
  it("loads what was appended per program in bulk, with the refusals tallied, once", async () => {
    const dir = freshDir();
    const collection = await open(dir);
    const appended = await Promise.all([
      collection.append(request(1, "a", "b")),
      collection.append(request(2, "x")),
      collection.append({ ...request(1, "c"), refused: { invalid: 2 } }),
    ]);
    expect(appended).toEqual([{ logged: true }, { logged: true }, { logged: true }]);
    expect(collection.backlog()).toBeGreaterThan(0);
    const { target, calls } = recordingTarget();
    expect(await collection.load(target)).toBe(3);
    expect(calls).toEqual([
      { what: "events", programId: 1, ids: ["a", "b", "c"] },
      { what: "refused", programId: 1, ids: ["invalid:2"] },
      { what: "events", programId: 2, ids: ["x"] },
    ]);
    expect(collection.backlog()).toBe(0);
    expect(await collection.load(target)).toBe(0);
    await collection.close();
  });

  it("stores a program's hits of a step the bulk import's way from `bulkHits` on", async () => {
    const collection = await open(freshDir(), { bulkHits: 3 });
    await Promise.all([collection.append(request(1, "a", "b")), collection.append(request(1, "c")), collection.append(request(2, "x"))]);
    const { target, calls } = recordingTarget();
    await collection.load(target);
    expect(calls).toEqual([
      { what: "bulk events", programId: 1, ids: ["a", "b", "c"] },
      { what: "events", programId: 2, ids: ["x"] },
    ]);
    await collection.close();
  });

  it("cuts a torn tail on opening and loads every whole record before it", async () => {
    const dir = freshDir();
    const first = await open(dir);
    for (const id of ["a", "b", "c"]) await first.append(request(1, id));
    await first.close();
    const [segment] = segments(dir);
    if (!segment) throw new Error("no segment written");
    // A crash mid-write: half of a fourth record.
    const torn = frameOf(request(1, "d"));
    appendFileSync(join(dir, segment), torn.subarray(0, torn.length - 3));
    const reopened = await open(dir);
    expect(warnings).toEqual(["collection log: a record that does not hold was cut"]);
    const { target, ids } = recordingTarget();
    expect(await reopened.load(target)).toBe(3);
    expect(ids()).toEqual(["a", "b", "c"]);
    // New records follow in a new segment and load after the cut.
    await reopened.append(request(1, "e"));
    await reopened.load(target);
    expect(ids()).toEqual(["a", "b", "c", "e"]);
    await reopened.close();
  });

  it("resumes from the position after a restart, and loads again what a crash before the position write left", async () => {
    const dir = freshDir();
    const first = await open(dir);
    const { target, ids } = recordingTarget();
    await first.append(request(1, "a"));
    await first.load(target);
    const positionAfterA = readFileSync(join(dir, "position.json"));
    await first.append(request(1, "b"));
    await first.load(target);
    await first.close();

    // The warehouse committed b, then the server died before the position moved past it: b is loaded again.
    writeFileSync(join(dir, "position.json"), positionAfterA);
    const crashed = await open(dir);
    expect(await crashed.load(target)).toBe(1);
    expect(ids()).toEqual(["a", "b", "b"]);
    await crashed.close();

    // A restart after a load that recorded its position loads nothing again.
    const restarted = await open(dir);
    expect(await restarted.load(target)).toBe(0);
    expect(ids()).toEqual(["a", "b", "b"]);
    await restarted.close();
  });

  it("moves to new segments and deletes those loaded whole", async () => {
    const dir = freshDir();
    const collection = await open(dir, { segmentBytes: 600, loadBytes: 500 });
    const ids = Array.from({ length: 12 }, (_, i) => `e${i}`);
    for (const id of ids) await collection.append(request(1, id));
    expect(segments(dir).length).toBeGreaterThan(3);
    const recorder = recordingTarget();
    expect(await collection.load(recorder.target)).toBe(12);
    expect(recorder.ids()).toEqual(ids);
    // Only the segment being written is left.
    expect(segments(dir)).toHaveLength(1);
    await collection.close();
    const reopened = await open(dir);
    expect(await reopened.load(recorder.target)).toBe(0);
    await reopened.close();
  });

  it("reads a record larger than a load step alone", async () => {
    const dir = freshDir();
    const collection = await open(dir, { loadBytes: 64 });
    await collection.append(request(1, "a", "b"));
    await collection.append(request(1, "c"));
    const recorder = recordingTarget();
    expect(await collection.load(recorder.target)).toBe(2);
    expect(recorder.ids()).toEqual(["a", "b", "c"]);
    await collection.close();
  });

  it("refuses a request while the log is too far behind, and takes it again once loaded", async () => {
    const dir = freshDir();
    const size = frameOf(request(1, "a")).length;
    const collection = await open(dir, { backlogBytes: size * 2 });
    expect(await collection.append(request(1, "a"))).toEqual({ logged: true });
    expect(await collection.append(request(1, "b"))).toEqual({ logged: true });
    expect(await collection.append(request(1, "c"))).toEqual({ logged: false, reason: "behind" });
    await collection.load(recordingTarget().target);
    expect(await collection.append(request(1, "c"))).toEqual({ logged: true });
    await collection.close();
  });

  it("keeps the records of a load the warehouse failed, for the next one", async () => {
    const dir = freshDir();
    const collection = await open(dir);
    await collection.append(request(1, "a"));
    const failing: IngestTarget = { ...recordingTarget().target, addEvents: () => Promise.reject(new Error("warehouse down")) };
    await expect(collection.load(failing)).rejects.toThrow("warehouse down");
    const recorder = recordingTarget();
    expect(await collection.load(recorder.target)).toBe(1);
    expect(recorder.ids()).toEqual(["a"]);
    await collection.close();
  });
});

const track = (eventId: string): IngestedVisitorEvent => ({ eventId, visitorId: "v-1", ts: 1_700_000_000_000, kind: "track", name: "signup", props: null, customerId: null });

describe("collection log acknowledgements (each event counted once)", () => {
  it("answers an id sent again, in the batch or later, as a duplicate, logs it once and tallies the duplicates when loaded", async () => {
    const dir = freshDir();
    const collection = await open(dir);
    const answers = [
      await collection.acknowledge(request(1, "a", "b", "a")),
      await collection.acknowledge({ ...request(1, "b", "c"), visitorEvents: [track("t1")] }),
      await collection.acknowledge({ ...request(1), visitorEvents: [track("t1")] }),
      // The same id in another program is that program's own.
      await collection.acknowledge(request(2, "a")),
    ];
    expect(answers).toEqual([
      { logged: true, accepted: 2, duplicates: 1 },
      { logged: true, accepted: 2, duplicates: 1 },
      { logged: true, accepted: 0, duplicates: 1 },
      { logged: true, accepted: 1, duplicates: 0 },
    ]);
    const { target, calls } = recordingTarget();
    await collection.load(target);
    expect(calls).toEqual([
      { what: "events", programId: 1, ids: ["a", "b", "c"] },
      { what: "visitorEvents", programId: 1, ids: ["t1"] },
      { what: "refused", programId: 1, ids: ["duplicate:2"] },
      { what: "refused", programId: 1, ids: ["track duplicate:1"] },
      { what: "events", programId: 2, ids: ["a"] },
    ]);
    await collection.close();
  });

  it("answers concurrent requests sharing an id with one acceptance", async () => {
    const collection = await open(freshDir());
    const answers = await Promise.all([collection.acknowledge(request(1, "a", "b")), collection.acknowledge(request(1, "b", "a")), collection.acknowledge(request(1, "a"))]);
    expect(answers.reduce((sum, a) => sum + (a.logged ? a.accepted : 0), 0)).toBe(2);
    expect(answers.reduce((sum, a) => sum + (a.logged ? a.duplicates : 0), 0)).toBe(3);
    const recorder = recordingTarget();
    await collection.load(recorder.target);
    expect([...recorder.ids()].sort()).toEqual(["a", "b"]);
    await collection.close();
  });

  it("frees the ids of a request it refused, so the resend is accepted", async () => {
    const dir = freshDir();
    const size = frameOf(request(1, "a")).length;
    const collection = await open(dir, { backlogBytes: size });
    expect(await collection.acknowledge(request(1, "a"))).toEqual({ logged: true, accepted: 1, duplicates: 0 });
    expect(await collection.acknowledge(request(1, "b"))).toEqual({ logged: false, reason: "behind" });
    await collection.load(recordingTarget().target);
    expect(await collection.acknowledge(request(1, "b"))).toEqual({ logged: true, accepted: 1, duplicates: 0 });
    await collection.close();
  });

  it("remembers after a restart the ids of records not yet loaded, and the ids the warehouse gives it", async () => {
    const dir = freshDir();
    const first = await open(dir);
    await first.acknowledge(request(1, "a"));
    await first.close();
    const reopened = await open(dir);
    reopened.remember(1, [{ eventId: "w", kind: "hit" }, { eventId: "t", kind: "visitor" }]);
    expect(await reopened.acknowledge({ ...request(1, "a", "w", "t"), visitorEvents: [track("t"), track("w")] })).toEqual({
      logged: true,
      accepted: 2,
      duplicates: 3,
    });
    await reopened.close();
  });

  it("accepts an id again once the index has forgotten it (the warehouse then keeps it once)", async () => {
    const collection = await openCollectionLog({ dir: freshDir(), log, recentIds: 2 });
    for (const id of ["a", "b", "c"]) await collection.acknowledge(request(1, id));
    expect(await collection.acknowledge(request(1, "a", "c"))).toEqual({ logged: true, accepted: 1, duplicates: 1 });
    await collection.close();
  });
});
