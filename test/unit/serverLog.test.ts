import { DuckDBInstance } from "@duckdb/node-api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleLog, errorForLog, redactedMessage } from "../../server/log";

/** Text only a payload sent in would carry. */
const marker = "PayloadMark7";

/** The error DuckDB gives for `sql`. */
const duckDbError = async (sql: string): Promise<Error> => {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  try {
    await connection.run(sql);
  } catch (error) {
    return error as Error;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  throw new Error(`no error from ${sql}`);
};

describe("the server log keeps no excerpt of a payload", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ["a JSON parameter that does not parse (a lone surrogate in an event)", `SELECT from_json('[{"visitor_id":"${marker}\\ud800"}]', '[{"visitor_id":"VARCHAR"}]')`],
    ["a value that does not convert", `SELECT CAST('${marker}' AS DATE)`],
    ["a key stored twice", `CREATE TABLE seen (id VARCHAR PRIMARY KEY); INSERT INTO seen VALUES ('${marker}'), ('${marker}')`],
  ])("logs DuckDB's error for %s without the data it quotes", async (_what, sql) => {
    const error = await duckDbError(sql);
    expect(error.message).toContain(marker);
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    consoleLog.error("unhandled error", { path: "/collect", error: new Error("the store failed", { cause: error }) });
    expect(written.join("")).not.toContain(marker);
    expect(written.join("")).toContain("the store failed");
    expect(errorForLog(error)).toMatch(/Error/);
  });

  it.each([
    [`Invalid Input Error: Malformed JSON at byte 3 of input: no low surrogate.  Input: "[{"a":"${marker}"}]"`, "Invalid Input Error: Malformed JSON at byte 3 of input: no low surrogate."],
    [`Conversion Error: invalid date field format: "${marker}", expected format is (YYYY-MM-DD)`, 'Conversion Error: invalid date field format: "…", expected format is (YYYY-MM-DD)'],
    [`Constraint Error: Duplicate key "event_id: ${marker}" violates primary key`, 'Constraint Error: Duplicate key "…" violates primary key'],
    ["Catalog Error: Table with name hits does not exist!", "Catalog Error: Table with name hits does not exist!"],
  ])("redacts %s", (message, expected) => {
    expect(redactedMessage(message)).toBe(expected);
  });
});
