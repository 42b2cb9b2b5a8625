import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../server/engine/createEngine";
import { firstLineNotText } from "../../server/engine/bulkImport";
import { commandArgumentsOf, runImportCommand } from "../../server/import/importCommand";
import { silentLog } from "../../server/log";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";

/**
 * `npm run import` (docs/engine.md, "Bulk import") over Parquet, CSV and NDJSON files the
 * test writes with DuckDB itself: rows go through the validated ingest path into hits and
 * orders and the reports' facts; a missing column or an unreadable value stops the import
 * naming it and the first bad rows; a row the ingest path refuses is reported by number;
 * importing the same files again changes nothing.
 */

const today = "2025-06-02";
const now = Date.parse(`${today}T09:00:00Z`);
const clock = () => now;

describe("bulk import", () => {
  let dir = "";
  const file = (name: string) => join(dir, name);

  const query = async (sql: string): Promise<ReadonlyArray<Record<string, unknown>>> => {
    const instance = await DuckDBInstance.create(join(dir, "analytics.duckdb"));
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowObjectsJson() as ReadonlyArray<Record<string, unknown>>;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  };
  const figures = async () =>
    (
      await query(`SELECT
        (SELECT count(*) FROM hits WHERE program_id = 1) AS hits,
        (SELECT count(*) FROM orders WHERE program_id = 1) AS orders,
        (SELECT coalesce(sum(clicks), 0) FROM traffic_facts WHERE program_id = 1 AND level = 1 AND day = DATE '2025-05-20') AS clicks_that_day,
        (SELECT count(*) FROM ingestion_due) AS due`)
    )[0];
  const write = async (sql: string) => {
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    await connection.run(sql);
    connection.closeSync();
    instance.closeSync();
  };
  const run = (...args: string[]) => runImportCommand(args, dir, clock);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sources-import-"));
    const warehouse = await openDuckDbWarehouse({ path: join(dir, "analytics.duckdb"), clock });
    await plantDemoData(warehouse, generateDemoData({ seed: 7, scale: 0.02, today }));
    const engine = createEngine({ warehouse, clock, log: silentLog });
    for (const program of await warehouse.programs.all()) await engine.reclassify(program.id);
    await warehouse.close();
    // Ten clicks on 2025-05-20 as Parquet with a TIMESTAMP column; two orders as CSV with ISO 8601 times; two more events as NDJSON with epoch ms.
    await write(`COPY (
      SELECT 'imp-' || i AS event_id, 'click' AS type, TIMESTAMP '2025-05-20 10:00:00' + INTERVAL (i) MINUTE AS time,
        'imp-visitor-' || (i % 3) AS visitor_id, 'https://shop.example/?utm_source=newsletter&utm_medium=email' AS url
      FROM range(10) t(i)) TO '${file("hits.parquet")}' (FORMAT parquet)`);
    writeFileSync(
      file("orders.csv"),
      "order_id,time,amount,currency,status,customer_type,payment,visitor_id,customer_id\n" +
        "imp-o1,2025-05-20T12:00:00Z,40.5,GBP,valid,new,card,imp-visitor-1,imp-c1\n" +
        "imp-o2,2025-05-21T08:30:00Z,12,GBP,valid,returning,paypal,imp-visitor-2,\n",
    );
    writeFileSync(
      file("more.ndjson"),
      [1, 2].map((i) => JSON.stringify({ event_id: `imp-json-${i}`, type: "impression", time: Date.parse("2025-05-21T10:00:00Z") + i, visitor_id: "imp-visitor-0" })).join("\n") + "\n",
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the program and the files from its arguments", () => {
    expect(commandArgumentsOf(["--program", "northwind", "a.parquet", "b.csv"])).toEqual({ program: "northwind", files: ["a.parquet", "b.csv"] });
    expect(commandArgumentsOf(["--", "--program=lumen", "c.ndjson"])).toEqual({ program: "lumen", files: ["c.ndjson"] });
    expect(commandArgumentsOf(["a.csv"])).toEqual({ program: null, files: ["a.csv"] });
  });

  it("imports Parquet, CSV and NDJSON into hits, orders and the reports' facts", async () => {
    const before = await figures();
    const answer = await run("--program", "northwind", file("hits.parquet"), file("orders.csv"), file("more.ndjson"));
    expect(answer.lines.join("\n")).toContain(`${file("hits.parquet")}: 10 events read: 10 stored, 0 already stored, 0 refused`);
    expect(answer.lines.join("\n")).toContain(`${file("orders.csv")}: 2 orders read: 2 stored, 0 already stored, 0 refused`);
    expect(answer.lines.join("\n")).toContain(`${file("more.ndjson")}: 2 events read: 2 stored`);
    expect(answer.code).toBe(0);
    const after = await figures();
    expect(Number(after?.["hits"])).toBe(Number(before?.["hits"]) + 12);
    expect(Number(after?.["orders"])).toBe(Number(before?.["orders"]) + 2);
    // The level-one traffic of that day counts the ten clicks: the import was processed, nothing is left due.
    expect(Number(after?.["clicks_that_day"])).toBe(Number(before?.["clicks_that_day"]) + 10);
    expect(Number(after?.["due"])).toBe(0);
    const order = await query("SELECT CAST(ts AS DOUBLE) AS ts, CAST(order_date AS VARCHAR) AS day, amount, status, customer_id FROM orders WHERE order_id LIKE 'imp-o%' ORDER BY order_id");
    expect(order).toEqual([
      { ts: Date.parse("2025-05-20T12:00:00Z"), day: "2025-05-20", amount: 40.5, status: "valid", customer_id: "imp-c1" },
      { ts: Date.parse("2025-05-21T08:30:00Z"), day: "2025-05-21", amount: 12, status: "valid", customer_id: null },
    ]);
    const channel = await query("SELECT DISTINCT taxonomy_1 FROM hits WHERE visitor_id LIKE 'imp-visitor-%' AND event_type = 'click'");
    expect(channel.map((r) => r["taxonomy_1"])).not.toContain("None");
  });

  it("changes nothing when the same files are imported again", async () => {
    const before = await figures();
    const answer = await run("--program", "northwind", file("hits.parquet"), file("orders.csv"), file("more.ndjson"));
    expect(answer.code).toBe(0);
    expect(answer.lines.join("\n")).toContain("10 events read: 0 stored, 10 already stored, 0 refused");
    expect(answer.lines.join("\n")).toContain("2 orders read: 0 stored, 2 already stored, 0 refused");
    expect(await figures()).toEqual(before);
  });

  it("names each missing column and imports nothing", async () => {
    await write(`COPY (SELECT 'x-1' AS event_id, 'click' AS type, 1748000000000 AS time) TO '${file("novisitor.parquet")}' (FORMAT parquet)`);
    writeFileSync(file("thin.csv"), "order_id,time,amount\nx-o1,2025-05-20T12:00:00Z,10\n");
    const before = await figures();
    const answer = await run("--program", "northwind", file("hits.parquet"), file("novisitor.parquet"), file("thin.csv"));
    expect(answer.code).toBe(1);
    expect(answer.lines).toEqual([
      "Nothing was imported:",
      `${file("novisitor.parquet")}: missing column visitor_id`,
      ...["currency", "status", "customer_type", "payment", "visitor_id"].map((c) => `${file("thin.csv")}: missing column ${c}`),
    ]);
    expect(await figures()).toEqual(before);
  });

  it("refuses each row whose time or amount cannot be read, naming the column, and imports the others", async () => {
    writeFileSync(
      file("bad.csv"),
      "order_id,time,amount,currency,status,customer_type,payment,visitor_id\n" +
        "b-1,2025-05-20T12:00:00Z,10,GBP,valid,new,card,v1\n" +
        "b-2,last tuesday,10,GBP,valid,new,card,v1\n" +
        "b-3,2025-05-20T13:00:00Z,ten pounds,GBP,valid,new,card,v1\n",
    );
    const before = await figures();
    const answer = await run("--program", "northwind", file("bad.csv"));
    expect(answer.code).toBe(1);
    expect(answer.lines.slice(0, 4)).toEqual([
      `${file("bad.csv")}: 3 orders read: 1 stored, 0 already stored, 2 refused`,
      "  refused by reason: invalid 2; the refused rows:",
      "  row 2: invalid: time: cannot be read as an instant (epoch ms or ISO 8601)",
      "  row 3: invalid: amount: cannot be read as a number",
    ]);
    expect(answer.lines.join("\n")).not.toMatch(/last tuesday|ten pounds/);
    expect(Number((await figures())?.["orders"])).toBe(Number(before?.["orders"]) + 1);
  });

  it("reports the rows the ingest path refuses by number and stores the others", async () => {
    writeFileSync(
      file("mixed.ndjson"),
      [
        { event_id: "mix-1", type: "click", time: Date.parse("2025-05-22T10:00:00Z"), visitor_id: "mix" },
        { event_id: "mix-2", type: "scroll", time: Date.parse("2025-05-22T10:01:00Z"), visitor_id: "mix" },
        { event_id: "mix-3", type: "click", time: Date.parse("2031-01-01T00:00:00Z"), visitor_id: "mix" },
      ]
        .map((e) => JSON.stringify(e))
        .join("\n"),
    );
    const before = await figures();
    const answer = await run("--program=northwind", file("mixed.ndjson"));
    expect(answer.code).toBe(1);
    expect(answer.lines[0]).toBe(`${file("mixed.ndjson")}: 3 events read: 1 stored, 0 already stored, 2 refused`);
    expect(answer.lines[1]).toBe("  refused by reason: invalid 1, out_of_range 1; the refused rows:");
    expect(answer.lines[2]).toMatch(/^ {2}row 2: invalid: type: /);
    expect(answer.lines[3]).toBe("  row 3: out_of_range: time: more than a day ahead of the server's clock");
    expect(Number((await figures())?.["hits"])).toBe(Number(before?.["hits"]) + 1);
  });

  it("imports every valid order of a file and lists the amounts out of bounds it refused (no stack trace, not all or nothing)", async () => {
    writeFileSync(
      file("amounts.csv"),
      "order_id,time,amount,currency,status,customer_type,payment,visitor_id\n" +
        "amt-1,2025-05-20T12:00:00Z,10.25,GBP,valid,new,card,v1\n" +
        "amt-2,2025-05-20T12:01:00Z,1e19,GBP,valid,new,card,v1\n" +
        "amt-3,2025-05-20T12:02:00Z,9.2e18,GBP,valid,new,card,v1\n" +
        "amt-4,2025-05-20T12:03:00Z,1000000000000,GBP,valid,new,card,v1\n" +
        "amt-5,2025-05-20T12:04:00Z,1.234567,GBP,valid,new,card,v1\n" +
        "amt-6,2025-05-20T12:05:00Z,-3,GBP,valid,new,card,v1\n",
    );
    const before = await figures();
    const answer = await run("--program", "northwind", file("amounts.csv"));
    expect(answer.code).toBe(1);
    expect(answer.lines[0]).toBe(`${file("amounts.csv")}: 6 orders read: 2 stored, 0 already stored, 4 refused`);
    expect(answer.lines[1]).toBe("  refused by reason: invalid 4; the refused rows:");
    expect(answer.lines.slice(2, 6).map((line) => line.replace(/: invalid: amount: .*/, ""))).toEqual(["  row 2", "  row 3", "  row 5", "  row 6"]);
    expect(answer.lines[2]).toContain("Expected an amount from 0 to 1e+12");
    expect(answer.lines[4]).toContain("at most 4 decimal places");
    expect(Number((await figures())?.["orders"])).toBe(Number(before?.["orders"]) + 2);
  });

  it("imports an NDJSON file whose time mixes epoch ms and ISO 8601 text, line by line", async () => {
    writeFileSync(
      file("mixed-time.ndjson"),
      [
        { event_id: "mt-1", type: "click", time: Date.parse("2025-05-23T10:00:00Z"), visitor_id: "mt" },
        { event_id: "mt-2", type: "click", time: "2025-05-23T10:05:00Z", visitor_id: "mt" },
        { event_id: "mt-3", type: "click", time: String(Date.parse("2025-05-23T10:10:00Z")), visitor_id: "mt" },
        { event_id: "mt-4", type: "click", time: "yesterday", visitor_id: "mt" },
      ]
        .map((e) => JSON.stringify(e))
        .join("\n") + "\n",
    );
    const answer = await run("--program", "northwind", file("mixed-time.ndjson"));
    expect(answer.lines.slice(0, 3)).toEqual([
      `${file("mixed-time.ndjson")}: 4 events read: 3 stored, 0 already stored, 1 refused`,
      "  refused by reason: invalid 1; the refused rows:",
      "  row 4: invalid: time: cannot be read as an instant (epoch ms or ISO 8601)",
    ]);
    const times = await query("SELECT CAST(ts AS DOUBLE) AS ts FROM hits WHERE visitor_id = 'mt' ORDER BY ts");
    expect(times.map((r) => r["ts"])).toEqual(["10:00", "10:05", "10:10"].map((hm) => Date.parse(`2025-05-23T${hm}:00Z`)));
  });

  it("checks each file's bytes before reading it: a PDF or a CSV named .parquet, binary or 8-bit text named .csv or .ndjson, is refused and nothing imported", async () => {
    writeFileSync(file("invoice.parquet"), "%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n");
    writeFileSync(file("table.parquet"), "order_id,time\nx,1\n");
    writeFileSync(file("binary.csv"), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]));
    writeFileSync(file("binary.ndjson"), Buffer.from([0x7b, 0x00, 0x01, 0x7d, 0x0a]));
    // Windows-1252 "é" (0xE9): DuckDB's reader would refuse the whole file at that line; it is not UTF-8 text.
    writeFileSync(
      file("latin1.csv"),
      Buffer.concat([Buffer.from("order_id,time,amount,currency,status,customer_type,payment,visitor_id\nl-1,2025-05-20T12:00:00Z,10,GBP,valid,new,card,v"), Buffer.from([0xe9, 0x0a])]),
    );
    const before = await figures();
    const answer = await run("--program", "northwind", file("invoice.parquet"), file("table.parquet"), file("binary.csv"), file("binary.ndjson"), file("latin1.csv"), file("orders.csv"));
    expect(answer.code).toBe(1);
    expect(answer.lines).toEqual([
      "Nothing was imported:",
      `${file("invoice.parquet")}: That file format isn't supported: its first bytes are not a Parquet file (PAR1)`,
      `${file("table.parquet")}: That file format isn't supported: its first bytes are not a Parquet file (PAR1)`,
      `${file("binary.csv")}: That file format isn't supported: its first bytes are not UTF-8 text`,
      `${file("binary.ndjson")}: That file format isn't supported: its first bytes are not UTF-8 text`,
      `${file("latin1.csv")}: That file format isn't supported: its first bytes are not UTF-8 text`,
    ]);
    expect(await figures()).toEqual(before);
  });

  it("refuses each NDJSON row holding malformed text (a lone surrogate escaped as \\ud800), naming the field, and imports the others", async () => {
    const at = Date.parse("2025-05-24T10:00:00Z");
    const line = (fields: Record<string, unknown>, raw = "") => JSON.stringify(fields).replace(/}$/, `${raw}}`);
    writeFileSync(
      file("lone-events.ndjson"),
      [
        line({ event_id: "lone-1", type: "click", time: at, visitor_id: "lone" }),
        line({ event_id: "lone-2", type: "click", time: at, visitor_id: "lone" }, ',"url":"https://shop.example/?utm_source=\\ud800"'),
        "",
        line({ event_id: "lone-3", type: "click", time: at, visitor_id: "lone", url: "https://shop.example/\u00e9t\u00e9" }),
        line({ event_id: "lone-4", type: "click", time: at, visitor_id: "lone" }, ',"publisher_id":"p\\udc00"'),
        line({ event_id: "lone-5", type: "click", time: at, visitor_id: "lone", referrer: "https://ref.example/\ud83d\ude00" }),
      ].join("\n") + "\n",
    );
    writeFileSync(
      file("lone-orders.ndjson"),
      [
        line({ order_id: "lone-o1", time: at, amount: 5, currency: "GBP", status: "valid", customer_type: "new", payment: "card", visitor_id: "lone" }),
        line({ order_id: "lone-o2", time: at, amount: 6, currency: "GBP", status: "valid", payment: "card", visitor_id: "lone" }, ',"customer_type":"n\\ud800ew"'),
      ].join("\n") + "\n",
    );
    const before = await figures();
    const answer = await run("--program", "northwind", file("lone-events.ndjson"), file("lone-orders.ndjson"));
    expect(answer.code).toBe(1);
    expect(answer.lines.slice(0, 8)).toEqual([
      `${file("lone-events.ndjson")}: 5 events read: 3 stored, 0 already stored, 2 refused`,
      "  refused by reason: invalid 2; the refused rows:",
      "  row 2: invalid: url: malformed text (a lone UTF-16 surrogate)",
      "  row 4: invalid: publisher_id: malformed text (a lone UTF-16 surrogate)",
      `${file("lone-orders.ndjson")}: 2 orders read: 1 stored, 0 already stored, 1 refused`,
      "  refused by reason: invalid 1; the refused rows:",
      "  row 2: invalid: customer_type: malformed text (a lone UTF-16 surrogate)",
      expect.stringMatching(/^northwind: imported and processed in /),
    ]);
    const after = await figures();
    expect(Number(after?.["hits"])).toBe(Number(before?.["hits"]) + 3);
    expect(Number(after?.["orders"])).toBe(Number(before?.["orders"]) + 1);
    expect((await query("SELECT event_id FROM collected_events WHERE event_id LIKE 'lone-%' ORDER BY event_id")).map((r) => r["event_id"])).toEqual(["lone-1", "lone-3", "lone-5"]);
  });

  it("reads the whole of a text file before storing any row: a line that is not UTF-8 text past the first bytes refuses the file, naming the line", async () => {
    const header = "order_id,time,amount,currency,status,customer_type,payment,visitor_id\n";
    const rows = Array.from({ length: 300 }, (_, i) => `late-${i},2025-05-20T12:00:00Z,10,GBP,valid,new,card,v${i}\n`).join("");
    expect(Buffer.byteLength(header + rows)).toBeGreaterThan(8192);
    writeFileSync(file("late-latin1.csv"), Buffer.concat([Buffer.from(header + rows + "late-x,2025-05-20T12:00:00Z,10,GBP,valid,"), Buffer.from([0xe9]), Buffer.from(",card,v\n")]));
    writeFileSync(file("late-nul.ndjson"), `${JSON.stringify({ event_id: "late-n1", type: "click", time: 1747735200000, visitor_id: "v" })}\n`.repeat(200) + '{"event_id":"late-n2\u0000"}\n');
    expect(Buffer.byteLength(readFileSync(file("late-nul.ndjson")))).toBeGreaterThan(8192);
    const before = await figures();
    const answer = await run("--program", "northwind", file("late-latin1.csv"), file("late-nul.ndjson"));
    expect(answer.code).toBe(1);
    expect(answer.lines).toEqual([
      "Nothing was imported:",
      `${file("late-latin1.csv")}: That file format isn't supported: line 302 is not UTF-8 text`,
      `${file("late-nul.ndjson")}: That file format isn't supported: line 201 is not UTF-8 text`,
    ]);
    expect(await figures()).toEqual(before);
  });

  // The file is read a MiB at a time: characters and lines that straddle a chunk's end.
  const mib = 1 << 20;
  const euro = Buffer.from("€");
  it.each<readonly [string, () => Buffer, number | null]>([
    ["an empty file", () => Buffer.alloc(0), null],
    ["a '€' cut by the chunk's end", () => Buffer.concat([Buffer.from(`${"a".repeat(mib - 2)}`), euro, Buffer.from("\nb\n")]), null],
    ["a long first line holding a bad byte past the chunk's end", () => Buffer.concat([Buffer.from("a".repeat(mib + 5)), Buffer.from([0xff, 0x0a])]), 1],
    ["a bad byte just past the chunk's end, on line 3", () => Buffer.concat([Buffer.from(`x\n${"a".repeat(mib - 3)}\n`), Buffer.from([0xc3, 0x0a])]), 3],
    ["a last line without a line feed holding a NUL", () => Buffer.from("a\nb\nc\u0000"), 3],
    ["a surrogate encoded in UTF-8 on line 2", () => Buffer.concat([Buffer.from("a\n"), Buffer.from([0xed, 0xa0, 0x80, 0x0a])]), 2],
  ])("firstLineNotText: %s", async (_what, bytes, line) => {
    writeFileSync(file("lines.csv"), bytes());
    expect(await firstLineNotText(file("lines.csv"))).toBe(line);
  });

  it("says the server is running when another process holds the database, and imports nothing", async () => {
    // Another process (as the server would) opens the database and keeps it until told to stop.
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { DuckDBInstance } from "@duckdb/node-api";
         const instance = await DuckDBInstance.create(process.argv[1]);
         await instance.connect();
         process.stdout.write("open\\n");
         process.stdin.on("data", () => process.exit(0));`,
        join(dir, "analytics.duckdb"),
      ],
      { cwd: process.cwd(), stdio: ["pipe", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once("data", () => resolve());
        holder.once("exit", (code) => reject(new Error(`the holder ended with ${code}`)));
      });
      const answer = await run("--program", "northwind", file("hits.parquet"));
      expect(answer.code).toBe(1);
      expect(answer.lines).toEqual([
        `${join(dir, "analytics.duckdb")} is in use by another process: is the server running with this DATA_DIR?`,
        "An embedded database lets one process write it: stop the server, import, then start it again.",
      ]);
    } finally {
      const ended = new Promise((resolve) => holder.once("exit", resolve));
      holder.stdin.write("stop\n");
      await ended;
    }
  });

  it("says what is wrong before opening anything: no program, no file, no database", async () => {
    expect((await run("--program", "nowhere", file("hits.parquet"))).lines[0]).toBe("There is no program 'nowhere' (programs: northwind, bluepeak, lumen).");
    expect((await run("--program", "northwind", file("absent.csv"))).lines).toEqual(["Nothing was imported:", `${file("absent.csv")}: no such file`]);
    expect((await runImportCommand(["--program", "northwind", file("hits.parquet")], join(dir, "elsewhere"), clock)).lines[0]).toMatch(
      /^There is no database at .*elsewhere\/analytics\.duckdb: start the server once/,
    );
    expect((await run(file("hits.parquet"))).code).toBe(1);
  });
});
