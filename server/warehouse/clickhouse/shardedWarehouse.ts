import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RawDataBatch } from "../engineQueries";
import type { Statements } from "../statements";
import type { DataSetRows, Warehouse } from "../warehouse";
import { accountTables } from "../accountQueries";
import type { AuditFilter, AuditRecord } from "../auditQueries";
import type { AuditKind } from "../../../src/domain/audit/auditTrail";
import { withScratchDemo } from "./demoAnalyticsCopy";

/**
 * The shard that holds a program's data among `shardCount` shards: the program id modulo the
 * shard count. It is the sharding expression of the cluster's Distributed tables (cluster.sql:
 * `Distributed(..., program_id)` sends a row to shard `program_id % total weight`, every shard
 * weighing 1), so the server routes a program's calls to the very shard its rows were sent to.
 * The "hash" is the identity on purpose: program ids are small consecutive numbers handed out
 * by the app, so the remainder deals programs out evenly (a hash would only scatter them less
 * evenly), and the same expression reads the same in TypeScript, DuckDB and ClickHouse.
 */
export const shardOf = (programId: number, shardCount: number): number => {
  if (!Number.isInteger(shardCount) || shardCount < 1) throw new Error(`Not a shard count: ${shardCount}`);
  return ((programId % shardCount) + shardCount) % shardCount;
};

/**
 * How a call reaches the shards (docs/engine.md, "Cluster"):
 * - `program`: the program's shard only (the program id is the first argument, or its `programId`);
 * - `replicated`: a write to a table every node holds whole (accounts, sessions, messages, a user's
 *   column sets and connectors): written on every shard, which answer alike, the first shard's answer kept;
 * - `anyShard`: a read of those tables: the first shard answers;
 * - `ownedIds`: program ids each shard reports of the programs it holds, merged in id order.
 */
type Route = "program" | "replicated" | "anyShard" | "ownedIds";

type Family = Exclude<keyof Warehouse, "close">;
type Routes<F> = { readonly [K in keyof F]: Route };

/** A program id or a query carrying one. */
const programOf = (first: unknown): number => {
  if (typeof first === "number") return first;
  if (typeof first === "object" && first !== null && typeof (first as { programId?: unknown }).programId === "number") {
    return (first as { programId: number }).programId;
  }
  throw new Error("a program-scoped call without its program");
};

/** The demo data's analytics of one shard as Parquet files, written into a warehouse's DuckDB statements. */
export interface ShardFiles {
  readonly files: ReadonlyArray<{ readonly table: string; readonly file: string }>;
}

/**
 * The `alsoWrite` of a shard's demo load: reads its tables' Parquet files. The files ride on the function
 * (`ShardFiles`) so that a shard in another process can rebuild it there (a function cannot cross a process).
 */
export const parquetWrite = (shard: ShardFiles): ((duckdb: Statements) => Promise<void>) & ShardFiles =>
  Object.assign(
    async (duckdb: Statements): Promise<void> => {
      // The paths are ours (a fresh temporary folder and table names from the schema), not values.
      for (const { table, file } of shard.files) await duckdb.run(`INSERT INTO ${table} BY NAME SELECT * FROM read_parquet('${file}')`);
    },
    { files: shard.files },
  );

/**
 * The tables every node holds whole (cluster.sql: ReplicatedMergeTree with one replica on every node, no
 * Distributed table); every other table is sharded by program. They are the small tables read without a
 * program, or by every program's statements: accounts, sessions, password resets, programs and
 * memberships, messages and their dismissals, a user's column sets and ad-platform connectors, and the write
 * keys (POST /collect finds a key's program by the key alone, before it knows which shard to ask), and the
 * ids drawn for records (sql/records.ts, nextId: a table without a program).
 */
export const wholeTables: ReadonlyArray<string> = [
  ...accountTables,
  "column_sets",
  "column_set_favourites",
  "connector_accounts",
  "connector_grants",
  "connector_states",
  "connector_consents",
  "write_keys",
  "id_draws",
  "audit_trail",
];

/** Whole tables the account rows of a demo load fill (the warehouse writes them itself). */

export interface ShardedWarehouseOptions {
  /** A folder for the demo data's files on their way to the shards; the system's temporary folder when absent. */
  readonly exchangeDir?: string;
  /**
   * True when the shards are a cluster's shards whose whole tables the cluster replicates itself
   * (ReplicatedMergeTree over every node): a write of those tables goes to the first shard only, and their
   * reads stay on it (a replica may lag behind the node written). False (the default) when the shards are
   * separate warehouses: every shard gets the write.
   */
  readonly replicatedByCluster?: boolean;
}

/**
 * One Warehouse over N shards, each a whole warehouse, as a ClickHouse cluster lays the data out
 * (cluster.sql): a program's hits, orders, facts and configuration live on one shard
 * (`shardOf(programId, N)`), and the small tables of accounts, sessions, programs, memberships,
 * messages and password resets, a user's column sets and connectors, and write keys, live whole
 * on every node (`wholeTables`). Program-scoped calls go to the program's shard; writes of the whole
 * tables go to every shard (to the first only with `replicatedByCluster`) and their reads to the
 * first; lists of program ids are merged from what each shard holds.
 *
 * Ids a create answers (a spend row's, a note's) are one more than the largest the shard has drawn
 * for the table (never one given before), not of every program's: unique within a program, which is all the routes ask of them
 * (every read and write by id is scoped to its program), but not the ids one warehouse would give.
 */
export const shardedWarehouse = (shards: ReadonlyArray<Warehouse>, options: ShardedWarehouseOptions = {}): Warehouse => {
  if (shards.length === 0) throw new Error("a sharded warehouse needs at least one shard");
  const count = shards.length;
  const first = shards[0] as Warehouse;

  const family = <K extends Family>(name: K, routes: Routes<Warehouse[K]>): Warehouse[K] => {
    const calls: Record<string, (...args: Array<unknown>) => Promise<unknown>> = {};
    const methodOf = (shard: Warehouse, method: string) =>
      (shard[name] as unknown as Record<string, (...args: Array<unknown>) => Promise<unknown>>)[method] as (
        ...args: Array<unknown>
      ) => Promise<unknown>;
    for (const [method, route] of Object.entries(routes) as Array<[string, Route]>) {
      calls[method] = async (...args: Array<unknown>): Promise<unknown> => {
        switch (route) {
          case "program": {
            const shard = shards[shardOf(programOf(args[0]), count)] as Warehouse;
            return methodOf(shard, method).apply(shard[name], args);
          }
          case "anyShard":
            return methodOf(first, method).apply(first[name], args);
          case "replicated": {
            if (options.replicatedByCluster === true) return methodOf(first, method).apply(first[name], args);
            const answers = await Promise.all(shards.map((shard) => methodOf(shard, method).apply(shard[name], args)));
            return answers[0];
          }
          case "ownedIds": {
            const lists = await Promise.all(shards.map((shard) => methodOf(shard, method).apply(shard[name], args)));
            const owned = (lists as Array<ReadonlyArray<number>>).flatMap((ids, shard) => ids.filter((id) => shardOf(id, count) === shard));
            return [...new Set(owned)].sort((a, b) => a - b);
          }
        }
      };
    }
    return calls as unknown as Warehouse[K];
  };

  const attribution = family("attribution", {
    programIds: "ownedIds",
    unmaterialisedProgramIds: "ownedIds",
    classificationOf: "program",
    settingsOf: "program",
    rebuild: "program",
    append: "program",
    touches: "program",
    classifiedHits: "program",
    fittingPaths: "program",
    modelWeights: "program",
  });

  return {
    users: family("users", {
      findCredentials: "anyShard",
      findByEmail: "anyShard",
      anyAccount: "anyShard",
      createAdmin: "replicated",
      changeProfile: "replicated",
      changePassword: "replicated",
    }),
    sessions: family("sessions", { open: "replicated", findUser: "anyShard", end: "replicated", purgeExpired: "replicated", endAllOf: "replicated" }),
    programs: family("programs", {
      all: "anyShard",
      ofMember: "anyShard",
      findByCode: "anyShard",
      isMember: "anyShard",
      everyProgram: "anyShard",
      create: "replicated",
      change: "replicated",
      setArchived: "replicated",
    }),
    messages: family("messages", {
      system: "anyShard",
      forUser: "anyShard",
      forProgram: "anyShard",
      findAudience: "anyShard",
      dismiss: "replicated",
    }),
    passwordResets: family("passwordResets", { issue: "replicated", find: "anyShard", redeem: "replicated" }),
    people: family("people", {
      list: "anyShard",
      invite: "replicated",
      resend: "replicated",
      revoke: "replicated",
      openInvitation: "anyShard",
      accept: "replicated",
      change: "replicated",
      remove: "replicated",
    }),
    audit: options.replicatedByCluster === true ? family("audit", { list: "anyShard" }) : { list: (filter) => auditAcrossShards(shards, filter) },
    demoData: {
      isEmpty: async () => (await Promise.all(shards.map((shard) => shard.demoData.isEmpty()))).some((empty) => empty),
      load: (rows, alsoWrite) => loadSharded(shards, rows, alsoWrite, options),
    },
    costs: family("costs", {
      fixedInRange: "program",
      findFixed: "program",
      addFixed: "program",
      addFixedOnce: "program",
      updateFixed: "program",
      removeFixed: "program",
      variableInRange: "program",
      addVariable: "program",
      addVariableOnce: "program",
      removeVariable: "program",
      storedKeys: "program",
      programsWithCostsDue: "ownedIds",
    }),
    annotations: family("annotations", { inRange: "program", add: "program", remove: "program" }),
    seasonality: family("seasonality", {
      typesWithWeeks: "program",
      addType: "program",
      removeType: "program",
      tagWeek: "program",
      untagWeek: "program",
    }),
    columnSets: family("columnSets", { ofUser: "anyShard", add: "replicated", remove: "replicated", setFavourite: "replicated" }),
    programSettings: family("programSettings", { find: "program", save: "program" }),
    customReports: family("customReports", {
      list: "program",
      find: "program",
      add: "program",
      addOnce: "program",
      countBy: "program",
      remove: "program",
      dataSets: "program",
    }),
    classifications: family("classifications", { find: "program", save: "program", preview: "program" }),
    connectors: family("connectors", {
      issueState: "replicated",
      findState: "anyShard",
      allowState: "replicated",
      redeemState: "replicated",
      hasGrant: "anyShard",
      accounts: "anyShard",
      setActive: "replicated",
      addAccounts: "replicated",
    }),
    attribution: {
      ...attribution,
      append: (batch) => appendSharded(shards, batch),
    },
    reports: family("reports", { sums: "program", taxonomies: "program", dataSetRules: "program" }),
    analysis: family("analysis", {
      funnel: "program",
      weekly: "program",
      journeys: "program",
      journeySummary: "program",
      affiliates: "program",
      comparisonTouches: "program",
    }),
    ingestion: family("ingestion", {
      createWriteKey: "replicated",
      writeKeys: "anyShard",
      revokeWriteKey: "replicated",
      programOfKey: "anyShard",
      noteKeyUse: "replicated",
      addEvents: "program",
      addVisitorEvents: "program",
      importEvents: "program",
      importEventFile: "program",
      putOrders: "program",
      tallyRefused: "program",
      programsDue: "ownedIds",
      recentEventIds: "program",
      process: "program",
    }),
    ingestionHealth: family("ingestionHealth", { health: "program" }),
    // Every shard's count: a write on any of them changes the sum.
    dataVersion: () => shards.reduce((sum, shard) => sum + shard.dataVersion(), 0),
    close: async () => {
      await Promise.all(shards.map((shard) => shard.close()));
    },
  };
};

/**
 * The kinds of audit line a program's own writes make (spend, classification, settings: `program`
 * routes), each written on its program's shard alone; every other kind is written by a write of the
 * whole tables, on every shard alike.
 */
export const programAuditKinds: ReadonlyArray<AuditKind> = ["spend", "classification", "settings"];

/**
 * The trail over separate shards: each shard answers only the lines at home there (`AuditHome`: its
 * programs' own lines, and shard 0 the lines every shard holds alike), the first `offset + limit` of
 * them, merged newest first; so every line is read once. A line's id is its shard's id times the shard
 * count plus the shard (ids are drawn per shard), unique in the merged trail.
 */
const auditAcrossShards = async (shards: ReadonlyArray<Warehouse>, filter: AuditFilter): Promise<{ readonly lines: ReadonlyArray<AuditRecord>; readonly total: number }> => {
  const count = shards.length;
  const answers = await Promise.all(
    shards.map((shard, index) =>
      shard.audit.list({ ...filter, home: { index, count, programKinds: programAuditKinds }, offset: 0, limit: filter.offset + filter.limit }),
    ),
  );
  const lines = answers
    .flatMap((answer, index) => answer.lines.map((line) => ({ ...line, id: line.id * count + index })))
    .sort((a, b) => b.at - a.at || b.id - a.id);
  return { lines: lines.slice(filter.offset, filter.offset + filter.limit), total: answers.reduce((sum, answer) => sum + answer.total, 0) };
};

/** Each shard gets the rows of its programs (a batch may mix programs); shards with none are not called. */
const appendSharded = async (shards: ReadonlyArray<Warehouse>, batch: RawDataBatch): Promise<void> => {
  const count = shards.length;
  const mine = <T extends { readonly programId: number }>(rows: ReadonlyArray<T> | undefined, shard: number): ReadonlyArray<T> =>
    (rows ?? []).filter((row) => shardOf(row.programId, count) === shard);
  await Promise.all(
    shards.map(async (warehouse, shard) => {
      const part: RawDataBatch = {
        hits: mine(batch.hits, shard),
        orders: mine(batch.orders, shard),
        classifications: mine(batch.classifications, shard),
        settings: mine(batch.settings, shard),
        fixedCosts: mine(batch.fixedCosts, shard),
        variableCosts: mine(batch.variableCosts, shard),
        dataSets: mine(batch.dataSets, shard),
      };
      if (Object.values(part).some((rows: ReadonlyArray<unknown>) => rows.length > 0)) await warehouse.attribution.append(part);
    }),
  );
};

/**
 * The demo load over the shards: every shard still empty gets every account row (those tables are whole on
 * every node); the analytics are written once, by `alsoWrite`, on a scratch DuckDB with the warehouse schema
 * (the one engine the demo generator speaks, and the one both warehouses hand `alsoWrite`), and each table is
 * split by `shardOf(program_id)` into Parquet files that each shard reads in its own load. The whole tables
 * (`wholeTables`: a user's column sets and ad accounts) go whole to every shard, or, with `replicatedByCluster`,
 * with the account rows to the first shard only (the cluster copies them to the others). Generating once keeps
 * the rows (and their hit ids, numbered across programs) the very ones a single warehouse holds.
 */
const loadSharded = async (
  shards: ReadonlyArray<Warehouse>,
  rows: DataSetRows,
  alsoWrite: ((sql: Statements) => Promise<void>) | undefined,
  options: ShardedWarehouseOptions,
): Promise<void> => {
  const empty = await Promise.all(shards.map((shard) => shard.demoData.isEmpty()));
  // A cluster replicates its whole tables from the first shard; separate warehouses each need every row.
  const once = options.replicatedByCluster === true;
  const rowsOf = (shard: number): DataSetRows =>
    once && shard > 0 ? { programs: [], users: [], memberships: [], messages: [] } : rows;
  if (!alsoWrite) {
    await Promise.all(shards.map((shard, index) => (empty[index] ? shard.demoData.load(rowsOf(index)) : Promise.resolve())));
    return;
  }
  const folder = await mkdtemp(join(options.exchangeDir ?? tmpdir(), "shards-"));
  try {
    const shardFiles = await withScratchDemo(alsoWrite, (scratch, tables) => scratch.exclusive(async (duckdb) => {
      const files = shards.map((): Array<{ table: string; file: string }> => []);
      for (const [shard, list] of files.entries()) {
        const dir = join(folder, `shard-${shard}`);
        await mkdir(dir);
        for (const table of tables) {
          if (once && shard > 0 && wholeTables.includes(table)) continue;
          const where = !wholeTables.includes(table) ? `WHERE ((program_id % ${shards.length}) + ${shards.length}) % ${shards.length} = ${shard}` : "";
          const n = (await duckdb.rows(`SELECT count(*) AS n FROM ${table} ${where}`))[0]?.["n"];
          if (Number(n) === 0) continue;
          const file = join(dir, `${table}.parquet`);
          await duckdb.run(`COPY (SELECT * FROM ${table} ${where}) TO '${file}' (FORMAT parquet)`);
          list.push({ table, file });
        }
      }
      return files;
    }));
    await Promise.all(
      shards.map((shard, index) =>
        empty[index] ? shard.demoData.load(rowsOf(index), parquetWrite({ files: shardFiles[index] ?? [] })) : Promise.resolve(),
      ),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

