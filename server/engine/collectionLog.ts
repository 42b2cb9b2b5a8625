import { mkdir, open, readdir, readFile, rename, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import type { Log } from "../log";
import type { IngestedHit, IngestedVisitorEvent, IngestionQueries, RecentEventId, TalliedKind } from "../warehouse/ingestionQueries";
import type { IngestTarget } from "./ingestion";
import { createRecentEventIds, recentIdsPerProgram, type EventIdKind, type RecentEventIds } from "./recentEventIds";

/**
 * The collection log (docs/engine.md, "Collection log"): POST /collect's validated events,
 * appended to segment files in DATA_DIR/collection-log and fsynced in small groups, so a
 * request is answered once its events are on disk and never waits for a warehouse
 * transaction of its own. A loader moves the records into the warehouse in bulk (the
 * ingest path's `addEvents` / `addVisitorEvents`), then records how far it got (`position`)
 * and deletes the segments it has loaded whole. Opening the log cuts a torn tail (a record
 * whose length or checksum does not hold, what a crash mid-write leaves) and the next load
 * takes every record after the position: a crash between a load's warehouse commit and its
 * position write loads those records again, and the warehouse keeps each event id once.
 *
 * A record is 4 bytes of payload length, 4 bytes of the payload's CRC-32 (both unsigned,
 * big-endian) and the payload: one request's events as JSON.
 */

/** One /collect request's validated events, as logged. */
export interface LoggedRequest {
  readonly programId: number;
  /** When it arrived (the server's clock). */
  readonly at: number;
  readonly hits: ReadonlyArray<IngestedHit>;
  readonly visitorEvents: ReadonlyArray<IngestedVisitorEvent>;
  /** The request's refused events, counted by reason (tallied when loaded). */
  readonly refused: Readonly<Record<string, number>>;
  /**
   * The request's events answered as duplicates when acknowledged (an id the log or the warehouse kept
   * lately), counted by tallied kind ('event', 'track', 'identify'), tallied when loaded; absent in
   * records from before the index of recent ids.
   */
  readonly duplicates?: Readonly<Partial<Record<TalliedKind, number>>>;
}

/** What acknowledging a request gave: its events logged (new ones) and answered as duplicates, or refused as `append` refuses. */
export type Acknowledged =
  | { readonly logged: true; readonly accepted: number; readonly duplicates: number }
  | { readonly logged: false; readonly reason: "behind" | "write_failed" };

/** How far back a start reads the warehouse's event ids into the index of recent ids (it keeps at most `recentIdsPerProgram` a program). */
export const recentIdsWindowMs = 60 * 60 * 1000;

export interface CollectionLogLimits {
  /** Most requests in one fsync group. */
  readonly groupRecords: number;
  /** Most bytes in one fsync group (a group holds at least one record). */
  readonly groupBytes: number;
  /** A segment is closed and a new one begun once it holds this many bytes. */
  readonly segmentBytes: number;
  /** Bytes logged but not loaded beyond which a request is refused (503, Retry-After). */
  readonly backlogBytes: number;
  /** Most bytes one load step reads (a load takes as many steps as it needs). */
  readonly loadBytes: number;
  /**
   * A program's hits in one load step from which they are stored the bulk import's way (`importEvents`: staged
   * with DuckDB's appender, then stored set-wise), not as one JSON parameter (`addEvents`): about 40% less CPU
   * for 100,000 hits. Fewer go through `addEvents`, whose statements cost less than the staging's for a few.
   */
  readonly bulkHits: number;
}

export const collectionLogLimits: CollectionLogLimits = {
  groupRecords: 512,
  groupBytes: 4 * 1024 * 1024,
  segmentBytes: 16 * 1024 * 1024,
  backlogBytes: 256 * 1024 * 1024,
  loadBytes: 8 * 1024 * 1024,
  bulkHits: 1000,
};

/** When the loader runs: every `everyMs`, and as soon as `soonBytes` wait. */
export interface CollectionLoadTiming {
  readonly everyMs: number;
  readonly soonBytes: number;
}

export const collectionLoadTiming: CollectionLoadTiming = { everyMs: 500, soonBytes: 1024 * 1024 };

const headerBytes = 8;
/** Largest payload a record may claim: a length beyond it is a torn or damaged header, not a record. */
const largestPayload = 64 * 1024 * 1024;

/** A request as one record: length, checksum, payload. */
export const frameOf = (request: LoggedRequest): Buffer => {
  const payload = Buffer.from(JSON.stringify(request), "utf8");
  const frame = Buffer.allocUnsafe(headerBytes + payload.length);
  frame.writeUInt32BE(payload.length, 0);
  frame.writeUInt32BE(crc32(payload), 4);
  payload.copy(frame, headerBytes);
  return frame;
};

/** What reading records from a buffer found: the records whole, where the last whole one ends, and what stopped the reading. */
export interface ReadRecords {
  readonly requests: ReadonlyArray<LoggedRequest>;
  /** The offset just past the last whole record. */
  readonly end: number;
  /** null: the buffer ends on a record's end; `torn`: a record runs past the end; `checksum`: a record's bytes do not match its checksum. */
  readonly problem: null | "torn" | "checksum";
}

/**
 * Reads the whole records of `buffer` from `from`, stopping at the first that is torn or fails its checksum;
 * with `until`, no record is begun at or past it (the last one begun is read whole).
 */
export const readRecords = (buffer: Buffer, from = 0, until = buffer.length): ReadRecords => {
  const requests: LoggedRequest[] = [];
  let offset = from;
  while (offset < buffer.length && offset < until) {
    if (offset + headerBytes > buffer.length) return { requests, end: offset, problem: "torn" };
    const length = buffer.readUInt32BE(offset);
    if (length > largestPayload) return { requests, end: offset, problem: "checksum" };
    if (offset + headerBytes + length > buffer.length) return { requests, end: offset, problem: "torn" };
    const payload = buffer.subarray(offset + headerBytes, offset + headerBytes + length);
    if (crc32(payload) !== buffer.readUInt32BE(offset + 4)) return { requests, end: offset, problem: "checksum" };
    let request: LoggedRequest;
    try {
      request = JSON.parse(payload.toString("utf8")) as LoggedRequest;
    } catch {
      return { requests, end: offset, problem: "checksum" };
    }
    requests.push(request);
    offset += headerBytes + length;
  }
  return { requests, end: offset, problem: null };
};

/** Bytes of records the loader parses between two turns of the event loop (a load step's 8 MB parsed at once held the answers back). */
export const parseSliceBytes = 256 * 1024;

/** The next turn of the event loop, after the I/O and answers waiting (setImmediate). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads records as `readRecords` does, `sliceBytes` at a time with `pause` between slices, so the
 * requests waiting for their answers are served while a large step is parsed.
 */
export const readRecordsInSlices = async (buffer: Buffer, sliceBytes = parseSliceBytes, pause: () => Promise<void> = nextTurn): Promise<ReadRecords> => {
  const requests: LoggedRequest[] = [];
  let offset = 0;
  for (;;) {
    const slice = readRecords(buffer, offset, offset + sliceBytes);
    requests.push(...slice.requests);
    offset = slice.end;
    if (slice.problem !== null || offset >= buffer.length) return { requests, end: offset, problem: slice.problem };
    await pause();
  }
};

/** How far the loader has moved records into the warehouse: a segment and the offset in it. */
export interface LogPosition {
  readonly segment: number;
  readonly offset: number;
}

const segmentName = (segment: number): string => `${String(segment).padStart(10, "0")}.seg`;
const segmentOf = (name: string): number | null => (/^\d{10}\.seg$/.test(name) ? Number(name.slice(0, 10)) : null);
const positionFile = "position.json";

/** What appending a request gave: on disk, or refused (the log is too far behind, or the disk refused the write). */
export type Appended = { readonly logged: true } | { readonly logged: false; readonly reason: "behind" | "write_failed" };

export interface CollectionLog {
  /** Appends a request's record; resolves once its fsync group is on disk. */
  append(request: LoggedRequest): Promise<Appended>;
  /**
   * Appends a request's events less those whose id the log acknowledged lately or the warehouse kept
   * (the index of recent ids: recentEventIds.ts), and the duplicates' count; resolves once on disk, with
   * each event counted once: accepted (new, now logged) or a duplicate.
   */
  acknowledge(request: LoggedRequest): Promise<Acknowledged>;
  /** Ids the warehouse keeps (a start's warm-up, oldest first): resent, they are answered as duplicates. */
  remember(programId: number, ids: ReadonlyArray<RecentEventId>): void;
  /** Moves every record on disk into `target` (bulk, per program), then records the position; resolves with the requests loaded. */
  load(target: IngestTarget): Promise<number>;
  /**
   * Loads into `target` every `everyMs`, and at once when `soonBytes` are waiting; a failed
   * load is logged and tried again at the next turn (its records stay in the log).
   */
  startLoading(target: IngestTarget, timing: CollectionLoadTiming): void;
  /** Bytes on disk not yet loaded. */
  backlog(): number;
  /** Stops loading and writing (after the load and groups under way) and closes the segment; the next open finds the rest. */
  close(): Promise<void>;
}

const syncDirectory = async (dir: string): Promise<void> => {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

const readPosition = async (dir: string): Promise<LogPosition | null> => {
  try {
    const value = JSON.parse(await readFile(join(dir, positionFile), "utf8")) as Partial<LogPosition>;
    return typeof value.segment === "number" && typeof value.offset === "number" ? { segment: value.segment, offset: value.offset } : null;
  } catch {
    return null;
  }
};

/** Writes the position durably: a new file, fsynced, renamed over the old, the directory fsynced. */
const writePosition = async (dir: string, position: LogPosition): Promise<void> => {
  const temporary = join(dir, `${positionFile}.new`);
  const handle = await open(temporary, "w");
  try {
    await handle.writeFile(JSON.stringify(position));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(dir, positionFile));
  await syncDirectory(dir);
};

interface Pending {
  readonly frame: Buffer;
  readonly done: (appended: Appended) => void;
}

/**
 * Opens the log in `dir`: segments before the position are deleted, the segments after it
 * are checked and a torn or damaged tail is cut (logged as a warning), and writing starts
 * in a new segment. Call `load` before taking traffic to move what a crash left.
 */
export const openCollectionLog = async (deps: {
  readonly dir: string;
  readonly log: Log;
  readonly limits?: CollectionLogLimits;
  /** Ids kept per program by the index of recent ids (recentIdsPerProgram unless given). */
  readonly recentIds?: number;
}): Promise<CollectionLog> => {
  const { dir, log } = deps;
  const limits = deps.limits ?? collectionLogLimits;
  const recent: RecentEventIds = createRecentEventIds(deps.recentIds ?? recentIdsPerProgram);
  /** The ids of a logged request: known from now on. */
  const rememberLogged = (request: LoggedRequest): void => {
    recent.remember(request.programId, "hit", request.hits.map((h) => h.eventId));
    recent.remember(request.programId, "visitor", request.visitorEvents.map((e) => e.eventId));
  };
  await mkdir(dir, { recursive: true });
  const names = (await readdir(dir)).flatMap((name) => {
    const segment = segmentOf(name);
    return segment === null ? [] : [segment];
  });
  names.sort((a, b) => a - b);
  let position: LogPosition = (await readPosition(dir)) ?? { segment: names[0] ?? 1, offset: 0 };
  /** Each segment still to load, with its bytes on disk (whole records only). */
  const sizes = new Map<number, number>();
  for (const segment of names) {
    const path = join(dir, segmentName(segment));
    if (segment < position.segment) {
      await rm(path, { force: true });
      continue;
    }
    const bytes = await readFile(path);
    const read = readRecords(bytes, segment === position.segment ? Math.min(position.offset, bytes.length) : 0);
    // What is logged and not loaded is acknowledged: its ids are duplicates if sent again.
    for (const request of read.requests) rememberLogged(request);
    if (read.problem !== null) {
      log.warn("collection log: a record that does not hold was cut", { segment, offset: read.end, problem: read.problem });
      const handle = await open(path, "r+");
      try {
        await handle.truncate(read.end);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    sizes.set(segment, read.end);
  }
  if (!sizes.has(position.segment)) {
    // The position's segment was loaded whole and deleted: the next one is where loading resumes.
    const next = [...sizes.keys()].find((segment) => segment > position.segment);
    position = { segment: next ?? position.segment, offset: 0 };
  }

  let current = Math.max(position.segment, ...sizes.keys()) + 1;
  let handle: FileHandle = await open(join(dir, segmentName(current)), "a");
  await syncDirectory(dir);
  sizes.set(current, 0);
  let pending: Pending[] = [];
  let pendingBytes = 0;
  let writing: Promise<void> | null = null;
  let broken = false;
  let closed = false;

  const backlog = (): number => {
    let bytes = pendingBytes;
    for (const [segment, size] of sizes) bytes += segment === position.segment ? size - position.offset : segment > position.segment ? size : 0;
    return bytes;
  };

  const rotate = async (): Promise<void> => {
    await handle.close();
    current += 1;
    handle = await open(join(dir, segmentName(current)), "a");
    await syncDirectory(dir);
    sizes.set(current, 0);
  };

  /** Writes groups until nothing is pending: a group is what arrived while the previous one was written. */
  const writeGroups = async (): Promise<void> => {
    while (pending.length > 0) {
      let count = 0;
      let bytes = 0;
      while (count < pending.length && count < limits.groupRecords && (count === 0 || bytes + (pending[count]?.frame.length ?? 0) <= limits.groupBytes)) {
        bytes += pending[count]?.frame.length ?? 0;
        count += 1;
      }
      const group = pending.slice(0, count);
      pending = pending.slice(count);
      pendingBytes -= bytes;
      let outcome: Appended = { logged: true };
      try {
        if (broken) throw new Error("the collection log stopped after a write it could not undo");
        if ((sizes.get(current) ?? 0) > 0 && (sizes.get(current) ?? 0) + bytes > limits.segmentBytes) await rotate();
        const before = sizes.get(current) ?? 0;
        try {
          await handle.write(Buffer.concat(group.map((p) => p.frame)));
          await handle.datasync();
          sizes.set(current, before + bytes);
        } catch (error) {
          // A part written (a full disk) is cut, so the next group follows the last whole record.
          try {
            await handle.truncate(before);
          } catch {
            broken = true;
          }
          throw error;
        }
      } catch (error) {
        log.error("collection log: a write failed", { error: error instanceof Error ? error.message : String(error), requests: count });
        outcome = { logged: false, reason: "write_failed" };
      }
      for (const p of group) p.done(outcome);
      loadSoon?.();
    }
  };

  const append = (request: LoggedRequest): Promise<Appended> => {
    if (closed || broken) return Promise.resolve({ logged: false, reason: "write_failed" });
    if (backlog() >= limits.backlogBytes) return Promise.resolve({ logged: false, reason: "behind" });
    const frame = frameOf(request);
    return new Promise((done) => {
      pending.push({ frame, done });
      pendingBytes += frame.length;
      startWriting();
    });
  };

  /**
   * Sorts a request's events by the index of recent ids: new ones claimed, duplicates counted by tallied
   * kind; an id another request claimed and has not yet on disk is waited for, then sorted again.
   */
  const acknowledge = async (request: LoggedRequest): Promise<Acknowledged> => {
    const { programId } = request;
    const hits: IngestedHit[] = [];
    const visitorEvents: IngestedVisitorEvent[] = [];
    const duplicates = new Map<TalliedKind, number>();
    type Sent = { readonly kind: "hit"; readonly event: IngestedHit } | { readonly kind: "visitor"; readonly event: IngestedVisitorEvent };
    /** The ids this request claimed: met again in it, they are repeats (never a wait for itself). */
    const own = new Set<string>();
    const sort = (sent: ReadonlyArray<Sent>): ReadonlyArray<{ readonly sent: Sent; readonly settled: Promise<void> }> =>
      sent.flatMap((item) => {
        const ownKey = `${item.kind}:${item.event.eventId}`;
        const claim = own.has(ownKey) ? ({ state: "duplicate" } as const) : recent.claim(programId, item.kind, item.event.eventId);
        if (claim.state === "pending") return [{ sent: item, settled: claim.settled }];
        if (claim.state === "new") own.add(ownKey);
        if (claim.state === "duplicate") {
          const tallied: TalliedKind = item.kind === "hit" ? "event" : item.event.kind;
          duplicates.set(tallied, (duplicates.get(tallied) ?? 0) + 1);
        } else if (item.kind === "hit") hits.push(item.event);
        else visitorEvents.push(item.event);
        return [];
      });
    let waiting = sort([
      ...request.hits.map((event): Sent => ({ kind: "hit", event })),
      ...request.visitorEvents.map((event): Sent => ({ kind: "visitor", event })),
    ]);
    while (waiting.length > 0) {
      await Promise.all(waiting.map((w) => w.settled));
      waiting = sort(waiting.map((w) => w.sent));
    }
    const duplicated = [...duplicates.values()].reduce((sum, n) => sum + n, 0);
    const claimed = (kind: EventIdKind, ids: ReadonlyArray<string>, keep: boolean): void =>
      keep ? recent.kept(programId, kind, ids) : recent.released(programId, kind, ids);
    const settle = (keep: boolean): void => {
      claimed("hit", hits.map((h) => h.eventId), keep);
      claimed("visitor", visitorEvents.map((e) => e.eventId), keep);
    };
    if (hits.length + visitorEvents.length + duplicated + Object.keys(request.refused).length === 0) return { logged: true, accepted: 0, duplicates: 0 };
    let appended: Appended;
    try {
      appended = await append({ ...request, hits, visitorEvents, ...(duplicated > 0 ? { duplicates: Object.fromEntries(duplicates) } : {}) });
    } catch (error) {
      settle(false);
      throw error;
    }
    settle(appended.logged);
    return appended.logged ? { logged: true, accepted: hits.length + visitorEvents.length, duplicates: duplicated } : appended;
  };

  /** Starts the writer unless it runs; what arrives while it finishes is taken by the next run. */
  const startWriting = (): void => {
    if (writing !== null) return;
    writing = writeGroups().finally(() => {
      writing = null;
      if (pending.length > 0) startWriting();
    });
  };

  /** Loads the records between the position and the data on disk, at most `loadBytes` at a time. */
  const loadStep = async (target: IngestTarget): Promise<number> => {
    const segment = position.segment;
    const size = sizes.get(segment) ?? 0;
    if (position.offset >= size) {
      const next = [...sizes.keys()].filter((s) => s > segment).sort((a, b) => a - b)[0];
      if (next === undefined) return 0;
      position = { segment: next, offset: 0 };
      await writePosition(dir, position);
      if (segment !== current) {
        sizes.delete(segment);
        await rm(join(dir, segmentName(segment)), { force: true });
      }
      return loadStep(target);
    }
    let bytes = await readAt(segment, position.offset, Math.min(size - position.offset, limits.loadBytes));
    let read = await readRecordsInSlices(bytes);
    if (read.requests.length === 0 && read.problem === "torn" && bytes.length >= headerBytes) {
      // A record larger than a step is read alone.
      bytes = await readAt(segment, position.offset, Math.min(size - position.offset, headerBytes + bytes.readUInt32BE(0)));
      read = readRecords(bytes);
    }
    const { requests } = read;
    const end = position.offset + read.end;
    if (requests.length === 0) throw new Error(`collection log: segment ${segment} does not hold at ${position.offset}`);
    await store(target, requests);
    position = { segment, offset: end };
    await writePosition(dir, position);
    return requests.length;
  };

  const readAt = async (segment: number, offset: number, length: number): Promise<Buffer> => {
    const file = await open(join(dir, segmentName(segment)), "r");
    try {
      const bytes = Buffer.alloc(length);
      const { bytesRead } = await file.read(bytes, 0, length, offset);
      return bytes.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  };

  /** Stores requests per program in bulk: their hits in one write, their visitor events in another, their refusals tallied. */
  const store = async (target: IngestTarget, requests: ReadonlyArray<LoggedRequest>): Promise<void> => {
    const programs = new Map<
      number,
      { at: number; hits: IngestedHit[]; visitorEvents: IngestedVisitorEvent[]; refused: Map<string, number>; duplicates: Map<TalliedKind, number> }
    >();
    for (const request of requests) {
      const program = programs.get(request.programId) ?? {
        at: request.at,
        hits: new Array<IngestedHit>(),
        visitorEvents: new Array<IngestedVisitorEvent>(),
        refused: new Map<string, number>(),
        duplicates: new Map<TalliedKind, number>(),
      };
      program.at = Math.max(program.at, request.at);
      program.hits.push(...request.hits);
      program.visitorEvents.push(...request.visitorEvents);
      for (const [reason, count] of Object.entries(request.refused)) program.refused.set(reason, (program.refused.get(reason) ?? 0) + count);
      for (const [kind, count] of Object.entries(request.duplicates ?? {}) as Array<[TalliedKind, number]>) {
        program.duplicates.set(kind, (program.duplicates.get(kind) ?? 0) + count);
      }
      programs.set(request.programId, program);
    }
    for (const [programId, program] of programs) {
      if (program.hits.length >= limits.bulkHits) await target.importEvents(programId, program.hits, program.at);
      else if (program.hits.length > 0) await target.addEvents(programId, program.hits, program.at);
      if (program.visitorEvents.length > 0) await target.addVisitorEvents(programId, program.visitorEvents, program.at);
      if (program.refused.size > 0) await target.tallyRefused(programId, "event", program.refused, program.at);
      // Answered as duplicates when acknowledged: counted as the warehouse counts a resent id.
      for (const [kind, count] of program.duplicates) await target.tallyRefused(programId, kind, new Map([["duplicate", count]]), program.at);
    }
  };

  let loading: Promise<number> = Promise.resolve(0);
  const load = (target: IngestTarget): Promise<number> => {
    const run = loading.then(async () => {
      let total = 0;
      // A turn of the event loop between steps: the answers waiting go out before the next step is read.
      for (let step = await loadStep(target); step > 0; step = await loadStep(target)) {
        total += step;
        await nextTurn();
      }
      return total;
    });
    loading = run.catch(() => 0);
    return run;
  };

  let timer: ReturnType<typeof setInterval> | null = null;
  /** Set while loading runs on its own: a load now, unless one is under way (it takes what is on disk when it gets there). */
  let loadSoon: (() => void) | null = null;
  const startLoading = (target: IngestTarget, timing: CollectionLoadTiming): void => {
    let running = false;
    const turn = (): void => {
      if (running || closed) return;
      running = true;
      load(target)
        .catch((error: unknown) => log.error("collection log: a load failed", { error: error instanceof Error ? error.message : String(error) }))
        .finally(() => {
          running = false;
        });
    };
    loadSoon = () => {
      if (backlog() >= timing.soonBytes) turn();
    };
    timer = setInterval(turn, timing.everyMs);
    timer.unref();
  };

  return {
    append,
    acknowledge,
    remember: (programId, ids) => {
      recent.remember(programId, "hit", ids.flatMap((id) => (id.kind === "hit" ? [id.eventId] : [])));
      recent.remember(programId, "visitor", ids.flatMap((id) => (id.kind === "visitor" ? [id.eventId] : [])));
    },
    load,
    startLoading,
    backlog,
    close: async () => {
      closed = true;
      if (timer !== null) clearInterval(timer);
      await writing;
      await loading;
      await handle.close();
    },
  };
};

/**
 * A start's warm-up of the index of recent ids from the warehouse (after the start's load, so the log's
 * records are in it too): each program's ids kept within `recentIdsWindowMs`, at most `recentIdsPerProgram`.
 */
export const rememberRecentIds = async (
  collection: CollectionLog,
  ingestion: Pick<IngestionQueries, "recentEventIds">,
  programIds: ReadonlyArray<number>,
  now: number,
): Promise<number> => {
  let remembered = 0;
  for (const programId of programIds) {
    const ids = await ingestion.recentEventIds(programId, now - recentIdsWindowMs, recentIdsPerProgram);
    collection.remember(programId, ids);
    remembered += ids.length;
  }
  return remembered;
};
