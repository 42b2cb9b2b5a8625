import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { createChdbConnection } from "chdb/connection";
import type { ShimOptions, ShimReport, ShimRequest } from "./clickhouseHttpShim";

/**
 * The process of clickhouseHttpShim.ts: an HTTP server speaking the part of ClickHouse's HTTP
 * interface `@clickhouse/client` uses, executing each request on chdb's embedded engine (one per
 * process, hence a process of its own). What it reads, as a ClickHouse server does:
 * - Basic authentication (the client's `username` / `password`); a wrong pair answers 516
 *   AUTHENTICATION_FAILED with ClickHouse's error text;
 * - `database` (the session's current database: `USE` before the statement, so an unknown one fails
 *   with UNKNOWN_DATABASE), `query_id`, `query` (an insert's statement; its rows are the body),
 *   `param_<name>` (query parameters in ClickHouse's text form, read back by the type the statement
 *   declares for them, `{name:Type}`), and every other URL parameter as a setting;
 * - the statement in the body for queries and commands;
 * - errors as status 500 (404 for an unknown database or table) with `Code: N. DB::Exception: …`.
 * It does not check what only a real server has: users' profiles and grants, readonly settings,
 * compression, sessions, a cluster's macros or replication.
 */

const options = JSON.parse(process.argv[2] ?? "{}") as ShimOptions;
const connection = createChdbConnection({ path: options.dataDir });
const recorded: ShimRequest[] = [];

/** URL parameters that are not settings. */
const notSettings = new Set(["database", "query_id", "query", "session_id", "role"]);

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
};

/**
 * An insert's rows. Text formats go to chdb's connection as the body; Parquet (binary, which that
 * connection reads as text) is written to a file the statement then reads, as a server reads the body.
 */
const insertStatement = async (statement: string, body: Buffer): Promise<{ readonly query: string; readonly values: string | null }> => {
  const parquet = /\bFORMAT\s+Parquet\s*$/i;
  if (!parquet.test(statement)) return { query: statement, values: body.toString("utf8") };
  const file = join(options.dataDir, `..`, `insert-${randomUUID()}.parquet`);
  await writeFile(file, body);
  return { query: statement.replace(parquet, `SELECT * FROM file('${file}', Parquet)`), values: null };
};

/** A string parameter in ClickHouse's escaped text form, read back. */
const unescaped = (text: string): string =>
  text.replace(/\\(.)/gs, (_, c: string) => ({ t: "\t", n: "\n", r: "\r", "0": "\0", b: "\b", f: "\f" })[c] ?? c);

/** The items of an array parameter's text (`['a','b']`, `[1,2]`), each still in its text form. */
const arrayItems = (text: string): ReadonlyArray<string> => {
  const inner = text.trim().replace(/^\[/, "").replace(/\]$/, "");
  const items: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (quoted && c === "\\") {
      current += c + (inner[++i] ?? "");
      continue;
    }
    if (c === "'") quoted = !quoted;
    if (c === "," && !quoted) {
      items.push(current.trim());
      current = "";
      continue;
    }
    current += c;
  }
  if (current.trim().length > 0) items.push(current.trim());
  return items;
};

/** A parameter's text form read as the value of its declared type. */
const valueOf = (text: string, type: string): unknown => {
  const bare = type.replace(/^Nullable\((.*)\)$/, "$1");
  if (text === "\\N") return null;
  if (bare.startsWith("Array(")) {
    const itemType = bare.slice("Array(".length, -1);
    return arrayItems(text).map((item) => valueOf(/^'.*'$/s.test(item) ? item.slice(1, -1) : item, itemType));
  }
  if (/^U?Int|^Float|^Decimal/.test(bare)) return Number(text);
  if (bare === "Bool") return text === "1" || text.toLowerCase() === "true";
  return unescaped(text);
};

/** The declared type of each `{name:Type}` placeholder of a statement. */
const declaredTypes = (sql: string): ReadonlyMap<string, string> =>
  new Map([...sql.matchAll(/\{(\w+):([^}]+)\}/g)].map((m) => [m[1]!, m[2]!]));

const codeOf = (message: string): number => Number(/Code: (\d+)/.exec(message)?.[1] ?? 1000);

const refuse = (response: ServerResponse, status: number, message: string): void => {
  response.writeHead(status, { "Content-Type": "text/plain; charset=UTF-8", "X-ClickHouse-Exception-Code": String(codeOf(message)) });
  response.end(message);
};

const authenticated = (request: IncomingMessage): boolean => {
  const header = request.headers.authorization ?? "";
  const [user, ...rest] = Buffer.from(header.replace(/^Basic /, ""), "base64").toString("utf8").split(":");
  return header.startsWith("Basic ") && user === options.user && rest.join(":") === options.password;
};

const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
  const url = new URL(request.url ?? "/", "http://shim");
  const body = await readBody(request);
  if (!authenticated(request)) {
    refuse(response, 516, `Code: 516. DB::Exception: ${options.user}: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)`);
    return;
  }
  const insert = url.searchParams.get("query");
  const statement = insert ?? body.toString("utf8");
  const database = url.searchParams.get("database");
  const parameters: Record<string, string> = {};
  const settings: Record<string, string | number> = {};
  for (const [key, value] of url.searchParams) {
    if (key.startsWith("param_")) parameters[key.slice("param_".length)] = value;
    else if (!notSettings.has(key)) settings[key] = /^\d+$/.test(value) ? Number(value) : value;
  }
  recorded.push({ statement, parameters, database });
  const types = declaredTypes(statement);
  const query_params = Object.fromEntries(Object.entries(parameters).map(([name, text]) => [name, valueOf(text, types.get(name) ?? "String")]));
  const query = database === null ? statement : `USE ${database.replace(/[^\w]/g, "")}; ${statement}`;
  const base = { query, query_params, clickhouse_settings: settings, query_id: url.searchParams.get("query_id") ?? undefined };
  try {
    if (insert !== null) {
      const rows = await insertStatement(query, body);
      if (rows.values === null) await connection.command({ ...base, query: rows.query } as unknown as Parameters<typeof connection.command>[0]);
      else await connection.insert({ ...base, query: rows.query, values: rows.values } as unknown as Parameters<typeof connection.insert>[0]);
      response.writeHead(200, { "X-ClickHouse-Summary": "{}" });
      response.end();
      return;
    }
    const result = await connection.query(base as unknown as Parameters<typeof connection.query>[0]);
    response.writeHead(200, { "Content-Type": "text/plain; charset=UTF-8", "X-ClickHouse-Summary": "{}" });
    result.stream.pipe(response);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    refuse(response, /UNKNOWN_DATABASE|UNKNOWN_TABLE/.test(message) ? 404 : 500, message.startsWith("Code:") ? message : `Code: ${codeOf(message)}. DB::Exception: ${message}`);
  }
};

// One statement at a time, as chdb's one engine runs them.
let line: Promise<void> = Promise.resolve();
const server = createServer((request, response) => {
  line = line.then(() => handle(request, response)).catch((error: unknown) => refuse(response, 500, String(error)));
});

process.on("message", (message: "report" | "close") => {
  if (message === "report") {
    process.send?.({ requests: recorded } satisfies ShimReport);
    return;
  }
  server.close();
  void connection.close().then(() => process.disconnect());
});
process.on("disconnect", () => process.exit());

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ port: typeof address === "object" && address !== null ? address.port : 0 });
});
