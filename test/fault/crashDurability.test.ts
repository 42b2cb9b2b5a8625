import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { DuckDBInstance } from "@duckdb/node-api";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import { afterAll, describe, expect, it } from "vitest";
import { LoginResponse, MeResponse } from "../../src/domain/access/auth";
import { AnnotationList } from "../../src/domain/performance/annotations";
import { ColumnSetList } from "../../src/domain/performance/columnSets";
import { TableResponse } from "../../src/domain/performance/performance";
import { Created } from "../../src/domain/report/configuration";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { FixedCostList } from "../../src/domain/spend/costs";
import { errorLines, startServer, type ServerProcess } from "../support/serverProcess";

/**
 * Durability under a crash: the real server, as a child process on a fresh DATA_DIR, takes
 * a bounded stream of concurrent writes (spend configurations, campaign notes, column sets)
 * and is killed with SIGKILL once a round's share of them has been acknowledged, with
 * others still in flight. Restarted on the same DATA_DIR it must open cleanly, hold every
 * acknowledged write with its exact content, hold each unacknowledged write whole or not
 * at all, and count the spend it holds in its reports (no configuration without its cost
 * facts). An unacknowledged write found once must stay found (and one found missing must
 * stay missing) through later crashes.
 *
 * Cost refreshes are coalesced (a spend write marks its program's cost facts due; the
 * refresh after a burst rewrites them and clears the mark), so a crash lands between
 * writes and their refresh: a copy of the killed database, read before the restart, must
 * never hold cost facts that lag its stored spend without the mark, and the restart must
 * count all of it.
 */

/** FAULT_PORT pins the port; by default the system chooses one, so parallel runs never collide. */
const port = Number(process.env.FAULT_PORT ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), "fault-durability-"));
/** The collection log's run: a DATA_DIR of its own. */
const logDataDir = mkdtempSync(join(tmpdir(), "fault-collection-log-"));
/** The server running now, killed after the test whether it passed or not. */
let running: ServerProcess | null = null;
afterAll(async () => {
  await running?.kill();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(logDataDir, { recursive: true, force: true });
});

/** The smallest demo data that still has every program: a new database in about 2 s. */
const demoScale = "0.05";
/** Writes per round and how many are on the wire at once. */
const writesPerRound = 120;
const concurrency = 8;
/** The acknowledgement after which each round's SIGKILL comes: early, midway, late. */
const killAfterAcknowledged = [8, 40, 75] as const;
/** A round is killed at this age even if too few writes were acknowledged. */
const roundDeadlineMs = 20_000;
/** The collection log's stream: events sent one a request, and the acknowledgement after which the SIGKILL comes. */
const eventsSent = 800;
const killAfterEvents = 250;
const requestTimeoutMs = 10_000;

/** Every test record is dated on a day the demo data leaves empty, under a level-1 name of its own. */
const day = "2031-06-16";
const spendChannel = "Fault durability";
const noteColour = "#A0B1C2";
const columns = ["clicks", "total_cost", "fixed_cost"] as const;

type Kind = "spend" | "note" | "columnSet";
type Outcome =
  | { readonly kind: "unsent" }
  | { readonly kind: "acknowledged"; readonly id: number }
  /** Sent, but the connection died or the answer was not a Created. */
  | { readonly kind: "unacknowledged" };

interface Write {
  readonly tag: string;
  readonly kind: Kind;
  readonly path: string;
  readonly body: unknown;
  /** The record a list call answers for this write under `id`. */
  readonly record: (id: number) => unknown;
  /** The spend it books on `day` (0 for the others). */
  readonly cost: number;
  outcome: Outcome;
  /** Decided by the first check after a crash for an unacknowledged write: present (with its id) or absent. */
  settled: { readonly present: true; readonly id: number } | { readonly present: false } | null;
}

const writeOf = (round: number, index: number): Write => {
  const tag = `r${round}-w${String(index).padStart(3, "0")}`;
  const kind: Kind = (["spend", "note", "columnSet"] as const)[index % 3] ?? "spend";
  const base = { tag, kind, outcome: { kind: "unsent" } as Outcome, settled: null };
  if (kind === "spend") {
    const cost = ((index % 97) + 1) * 1.25;
    return {
      ...base,
      path: "/api/programs/northwind/fixed-costs",
      body: { start_date: day, taxonomy_1: spendChannel, taxonomy_2: tag, cost, frequency: "single" },
      record: (id) => ({
        id,
        taxonomy_1: spendChannel,
        taxonomy_2: tag,
        taxonomy_3: "None",
        taxonomy_4: "None",
        cost,
        start_date: day,
        end_date: null,
        meta: { frequency: "single", original_frequency: "single" },
        days: 1,
        // A configuration created once and never edited is at its first version.
        version: 1,
      }),
      cost,
    };
  }
  if (kind === "note") {
    const text = `Fault note ${tag}`;
    return {
      ...base,
      path: "/api/programs/northwind/annotations",
      body: { date: day, colour: noteColour, text: `  ${text} ` },
      record: (id) => ({ id, date: day, colour: noteColour.toLowerCase(), text, programcode: "northwind", can_delete: true }),
      cost: 0,
    };
  }
  const name = `Fault set ${tag}`;
  return {
    ...base,
    path: "/api/column-sets",
    body: { name, columns },
    record: (id) => ({ id, name, columns }),
    cost: 0,
  };
};

const call = async (server: ServerProcess, method: string, path: string, token?: string, body?: unknown): Promise<Response> =>
  fetch(`${server.origin}${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(requestTimeoutMs),
  });

const read = async <A, I>(server: ServerProcess, path: string, token: string, schema: Schema.Schema<A, I, never>): Promise<A> => {
  const response = await call(server, "GET", path, token);
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBe(200);
  return Schema.decodeUnknownSync(schema)(JSON.parse(text));
};

/**
 * Sends `items` `senders` at a time with `send` (true when the server acknowledged the item) and kills the server
 * right after the `killAfter`-th acknowledgement (or at the deadline). Each sender goes on until a send of its own
 * fails with the dead server, so requests are on the wire when it dies whatever the two sides' pace (a quick server
 * had answered every request in flight before a busy sender read the answers); items not yet sent stay unsent. An
 * item acknowledged by a server already told to die counts as acknowledged: it must be there after the restart.
 */
const sendUntilKilled = async <T>(
  server: ServerProcess,
  items: ReadonlyArray<T>,
  senders: number,
  killAfter: number,
  send: (item: T) => Promise<boolean>,
): Promise<void> => {
  let acknowledged = 0;
  let killed = false;
  const kill = (): void => {
    if (killed) return;
    killed = true;
    server.killNow();
  };
  const deadline = setTimeout(kill, roundDeadlineMs);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      if (item === undefined) return;
      try {
        if (!(await send(item))) continue;
        acknowledged += 1;
        if (acknowledged >= killAfter) kill();
      } catch {
        // The connection died with the server: the item stays unacknowledged, and this sender stops.
        if (killed) return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: senders }, worker));
  } finally {
    clearTimeout(deadline);
    kill();
    await server.kill();
  }
};

/** The writes `concurrency` at a time until the server is killed (`sendUntilKilled`), each's outcome noted on it. */
const streamUntilKilled = (server: ServerProcess, token: string, writes: ReadonlyArray<Write>, killAfter: number): Promise<void> =>
  sendUntilKilled(server, writes, concurrency, killAfter, async (write) => {
    write.outcome = { kind: "unacknowledged" };
    const response = await call(server, "POST", write.path, token, write.body);
    const text = await response.text();
    if (response.status !== 200) return false;
    write.outcome = { kind: "acknowledged", id: Schema.decodeUnknownSync(Created)(JSON.parse(text)).data.id };
    return true;
  });

/** Every write sent so far against what the restarted server lists and reports. */
const checkAfterRestart = async (server: ServerProcess, token: string, writes: ReadonlyArray<Write>): Promise<void> => {
  const me = await call(server, "GET", "/api/auth/me", token);
  expect(me.status, "the session acknowledged before the crashes still opens").toBe(200);
  Schema.decodeUnknownSync(MeResponse)(await me.json());

  const spend = (await read(server, "/api/programs/northwind/fixed-costs", token, FixedCostList)).data.filter(
    (row) => row.taxonomy_1 === spendChannel,
  );
  const notes = (await read(server, "/api/programs/northwind/annotations", token, AnnotationList)).data.filter((row) =>
    row.text.startsWith("Fault note "),
  );
  const sets = (await read(server, "/api/column-sets", token, ColumnSetList)).data.filter((row) => row.name.startsWith("Fault set "));
  const listed = new Map<string, Array<{ readonly id: number; readonly row: unknown }>>();
  const list = (tag: string, id: number, row: unknown): void => {
    listed.set(tag, [...(listed.get(tag) ?? []), { id, row }]);
  };
  for (const row of spend) list(row.taxonomy_2, row.id, row);
  for (const row of notes) list(row.text.slice("Fault note ".length), row.id, row);
  for (const row of sets) list(row.name.slice("Fault set ".length), row.id, row);

  const byTag = new Map(writes.map((write) => [write.tag, write]));
  for (const [tag, rows] of listed) {
    const write = byTag.get(tag);
    expect(write?.outcome.kind, `${tag} is listed but was never sent`).toMatch(/acknowledged|unacknowledged/);
    expect(rows, `${tag} is listed once`).toHaveLength(1);
  }

  let bookedSpend = 0;
  for (const write of writes) {
    const rows = listed.get(write.tag) ?? [];
    const found = rows[0];
    const expectedId =
      write.outcome.kind === "acknowledged" ? write.outcome.id : write.settled?.present === true ? write.settled.id : null;
    if (expectedId !== null) {
      expect(found?.row, `${write.kind} ${write.tag} (id ${expectedId}) survives the crash whole`).toEqual(write.record(expectedId));
    } else if (write.outcome.kind === "unsent" || write.settled?.present === false) {
      expect(found, `${write.kind} ${write.tag} was never stored`).toBeUndefined();
    } else {
      // Unacknowledged and seen for the first time since its crash: whole, or not there.
      if (found) expect(found.row, `unacknowledged ${write.kind} ${write.tag} is whole`).toEqual(write.record(found.id));
      write.settled = found ? { present: true, id: found.id } : { present: false };
    }
    if (found && write.kind === "spend") bookedSpend += write.cost;
  }

  const table = await read(
    server,
    `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${day}&date_to=${day}`,
    token,
    TableResponse,
  );
  const reported = table.data.find((row) => row.taxonomy_1 === spendChannel)?.fixed_cost ?? 0;
  expect(reported, "the reports count exactly the spend configurations stored").toBeCloseTo(bookedSpend, 2);
};

interface CrashedState {
  /** Northwind's cost facts are marked due. */
  readonly marked: boolean;
  /** The test channel's fixed cost in the cost facts differs from its stored spend on the day. */
  readonly stale: boolean;
}

/** Runs `read` over a copy of a killed server's database (the copy replays its log; the original stays for the restart). */
const readCopy = async <A>(
  fromDir: string,
  read: (value: (sql: string, parameters?: ReadonlyArray<string>) => Promise<number>, rows: (sql: string) => Promise<ReadonlyArray<Record<string, unknown>>>) => Promise<A>,
): Promise<A> => {
  const copyDir = mkdtempSync(join(tmpdir(), "fault-crashed-"));
  try {
    const file = join(fromDir, "analytics.duckdb");
    copyFileSync(file, join(copyDir, "analytics.duckdb"));
    if (existsSync(`${file}.wal`)) copyFileSync(`${file}.wal`, join(copyDir, "analytics.duckdb.wal"));
    const instance = await DuckDBInstance.create(join(copyDir, "analytics.duckdb"));
    const connection = await instance.connect();
    try {
      const rows = async (sql: string): Promise<ReadonlyArray<Record<string, unknown>>> => (await connection.runAndReadAll(sql)).getRowObjectsJS();
      const value = async (sql: string, parameters: ReadonlyArray<string> = []): Promise<number> =>
        Number((await connection.runAndReadAll(sql, [...parameters])).getRowObjectsJS()[0]?.["value"] ?? 0);
      return await read(value, rows);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
};

/** Reads a copy of the killed server's database. */
const crashedState = (): Promise<CrashedState> =>
  readCopy(dataDir, async (value) => {
      const northwind = "(SELECT id FROM programs WHERE code = 'northwind')";
      const marked = (await value(`SELECT count(*) AS value FROM cost_refreshes_due WHERE program_id = ${northwind}`)) > 0;
      const stored = await value(
        `SELECT coalesce(sum(cost), 0) AS value FROM fixed_costs WHERE program_id = ${northwind} AND taxonomy_1 = $1`,
        [spendChannel],
      );
      const counted = await value(
        `SELECT coalesce(sum(fixed_cost), 0) AS value FROM cost_facts
         WHERE program_id = ${northwind} AND level = 1 AND taxonomy_1 = $1 AND day = CAST($2 AS DATE)`,
        [spendChannel, day],
      );
      return { marked, stale: Math.abs(stored - counted) > 0.001 };
  });

const openedCleanly = (server: ServerProcess): void => {
  expect(errorLines(server.log()), "the restarted server logs no error").toEqual([]);
};

/** Guards against a server that never listens, not against a slow one: a start took over 45 s under a load of 40. */
const serverStartGuardMs = 300_000;

describe("durability under a crash (SIGKILL mid-stream, then restart)", () => {
  it("keeps every acknowledged write whole, and each unacknowledged one whole or absent", async () => {
    const start = async (): Promise<ServerProcess> => {
      // Each request stored in the warehouse before its answer (the collection log's own test is below).
      running = await startServer({ dataDir, port, demoScale, startTimeoutMs: serverStartGuardMs, env: { COLLECT_LOG: "off" } });
      return running;
    };
    let server = await start();
    // The admin: the stream's spend writes are the admins' (the other writes are any member's).
    const login = await call(server, "POST", "/api/auth/login", undefined, { username: "admin", password: "admin" });
    expect(login.status).toBe(200);
    const { token } = Schema.decodeUnknownSync(LoginResponse)(await login.json());

    const writes: Array<Write> = [];
    const crashes: Array<CrashedState> = [];
    for (const [round, killAfter] of killAfterAcknowledged.entries()) {
      const roundWrites = Array.from({ length: writesPerRound }, (_, index) => writeOf(round + 1, index));
      writes.push(...roundWrites);
      await streamUntilKilled(server, token, roundWrites, killAfter);
      // On a slow machine the deadline may cut the round before its kill point: still mid-stream.
      expect(roundWrites.filter((w) => w.outcome.kind === "acknowledged").length, `round ${round + 1} had writes acknowledged`).toBeGreaterThan(0);
      const crashed = await crashedState();
      crashes.push(crashed);
      if (crashed.stale) expect(crashed.marked, `round ${round + 1}: cost facts lagging the stored spend are marked due`).toBe(true);

      server = await start();
      openedCleanly(server);
      await checkAfterRestart(server, token, writes);
      openedCleanly(server);
    }
    await server.kill();

    // The stream really was cut mid-way: some writes were on the wire when the server died.
    expect(writes.filter((w) => w.outcome.kind === "unacknowledged").length).toBeGreaterThan(0);
    // And at least one crash came between spend writes and their refresh (the restart then counted them).
    expect(crashes.some((crashed) => crashed.stale), JSON.stringify(crashes)).toBe(true);
  });

  it("keeps every event /collect acknowledged through the collection log exactly once (COLLECT_LOG=on)", async () => {
    const start = async (): Promise<ServerProcess> => {
      running = await startServer({ dataDir: logDataDir, port, demoScale, startTimeoutMs: serverStartGuardMs, env: { COLLECT_LOG: "on" } });
      return running;
    };
    const server = await start();
    const login = await call(server, "POST", "/api/auth/login", undefined, { username: "admin", password: "admin" });
    const { token } = Schema.decodeUnknownSync(LoginResponse)(await login.json());
    const created = await call(server, "POST", "/api/programs/northwind/write-keys", token, { kind: "publishable" });
    const key = Schema.decodeUnknownSync(CreatedWriteKey)(await created.json()).data.key;

    // One event a request, as the snippet sends them; each event's visitor is its own id, so its hits can be counted.
    const outcomes = new Map<string, "unsent" | "acknowledged" | "unacknowledged">();
    const ids = Array.from({ length: eventsSent }, (_, i) => `crash-log-${String(i).padStart(4, "0")}`);
    for (const id of ids) outcomes.set(id, "unsent");
    await sendUntilKilled(server, ids, 16, killAfterEvents, async (id) => {
      outcomes.set(id, "unacknowledged");
      const response = await call(server, "POST", "/collect", undefined, {
        key,
        event_id: id,
        type: "click",
        time: Date.now() - 60_000,
        visitor_id: id,
        url: "https://shop.example/landing?utm_source=crash&utm_medium=log",
      });
      await response.text();
      if (response.status !== 202) return false;
      outcomes.set(id, "acknowledged");
      return true;
    });

    // The restart loads what the log holds before it listens; a second SIGKILL then leaves the warehouse to read.
    const restarted = await start();
    openedCleanly(restarted);
    // Sent again after the crash, acknowledged events are answered as duplicates (the start remembers the warehouse's recent ids).
    const resentIds = ids.filter((id) => outcomes.get(id) === "acknowledged").slice(0, 20);
    const resent = await call(restarted, "POST", "/collect", undefined, {
      key,
      events: resentIds.map((id) => ({ event_id: id, type: "click", time: Date.now() - 60_000, visitor_id: id, url: "https://shop.example/landing" })),
    });
    expect(await resent.json()).toMatchObject({ accepted: 0, duplicates: resentIds.length, refused: 0 });
    await restarted.kill();
    const stored = await readCopy(logDataDir, async (_value, rows) =>
      rows(`SELECT visitor_id, count(*)::INTEGER AS n FROM hits WHERE visitor_id LIKE 'crash-log-%' GROUP BY visitor_id`),
    );
    const counts = new Map(stored.map((row) => [String(row["visitor_id"]), Number(row["n"])]));
    for (const [id, count] of counts) {
      expect(count, `${id} is stored once`).toBe(1);
      expect(outcomes.get(id), `${id} was sent`).toMatch(/acknowledged|unacknowledged/);
    }
    const lost = ids.filter((id) => outcomes.get(id) === "acknowledged" && !counts.has(id));
    expect(lost, "every acknowledged event is stored").toEqual([]);
    expect([...outcomes.values()].filter((o) => o === "acknowledged").length, "events were acknowledged before the kill").toBeGreaterThan(0);
    expect([...outcomes.values()].filter((o) => o === "unacknowledged").length, "the stream was cut mid-way").toBeGreaterThan(0);
  });
});
