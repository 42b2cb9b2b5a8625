import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestHeader } from "../../../server/http/nodeRequest";
import { maximumNesting, nestsDeeperThan, readJsonWithin } from "../../../server/http/requestReading";

/**
 * Reading a beacon straight from Node's message (server/http/nodeRequest.ts): the same answers
 * as fetch's Request gives under `app.request()`, for every case, through a real server.
 */

const limit = 64;
const app = new Hono();
app.post("/read", async (c) => {
  const json = await readJsonWithin(c, limit);
  if (!json.ok) return json.response;
  return c.json({ value: json.value, agent: requestHeader(c, "User-Agent") ?? null, auth: requestHeader(c, "authorization") ?? null });
});

interface Sent {
  readonly body: string | Buffer;
  /** Sent in chunks without a Content-Length (Transfer-Encoding: chunked). */
  readonly chunked?: boolean;
  readonly headers?: Record<string, string | ReadonlyArray<string>>;
}

const cases: ReadonlyArray<{ readonly name: string; readonly sent: Sent; readonly status: number; readonly answer: Record<string, unknown> }> = [
  { name: "a small body", sent: { body: '{"a":1}' }, status: 200, answer: { value: { a: 1 }, agent: null, auth: null } },
  { name: "a byte order mark before the JSON", sent: { body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"b":2}')]) }, status: 200, answer: { value: { b: 2 } } },
  { name: "characters beyond ASCII", sent: { body: '{"é":"日本"}', chunked: true }, status: 200, answer: { value: { é: "日本" } } },
  { name: "malformed UTF-8 read as U+FFFD", sent: { body: Buffer.concat([Buffer.from('{"c":"'), Buffer.from([0xc3]), Buffer.from('"}')]) }, status: 200, answer: { value: { c: "\ufffd" } } },
  { name: "exactly the limit", sent: { body: `{"d":"${"x".repeat(limit - 8)}"}` }, status: 200, answer: { value: { d: "x".repeat(limit - 8) } } },
  { name: "one byte over, declared", sent: { body: `{"d":"${"x".repeat(limit - 7)}"}` }, status: 413, answer: { error: "payload_too_large" } },
  { name: "over, in chunks", sent: { body: `{"d":"${"x".repeat(limit * 4)}"}`, chunked: true }, status: 413, answer: { error: "payload_too_large" } },
  { name: "not JSON", sent: { body: "{nope" }, status: 400, answer: { error: "malformed_json" } },
  { name: "an empty body", sent: { body: "" }, status: 400, answer: { error: "malformed_json" } },
  {
    name: "headers, repeated ones joined as fetch's Headers joins them",
    sent: { body: "[]", headers: { "user-agent": "Mozilla/5.0 (X11)", authorization: ["Bearer a", "Bearer b"] } },
    status: 200,
    answer: { value: [], agent: "Mozilla/5.0 (X11)", auth: "Bearer a, Bearer b" },
  },
];

describe("reading a request from Node's message", () => {
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      // Globals left as they are: by default serve() puts its own Request and Response in their place for the whole
      // process, and the files that run after this one in the worker would then answer through those.
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", overrideGlobalObjects: false }, (info: AddressInfo) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Over a real socket: Node's message is read. */
  const overHttp = (sent: Sent): Promise<{ status: number; json: Record<string, unknown> }> =>
    new Promise((resolve, reject) => {
      const body = Buffer.isBuffer(sent.body) ? sent.body : Buffer.from(sent.body);
      const headers: Record<string, string | string[]> = { "Content-Type": "text/plain", Connection: "close" };
      for (const [name, value] of Object.entries(sent.headers ?? {})) headers[name] = typeof value === "string" ? value : [...value];
      if (!sent.chunked) headers["Content-Length"] = String(body.length);
      const outgoing = httpRequest({ host: "127.0.0.1", port, path: "/read", method: "POST", headers }, (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (text += chunk));
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }));
      });
      outgoing.on("error", reject);
      if (sent.chunked) for (let at = 0; at < body.length; at += 5) outgoing.write(body.subarray(at, at + 5));
      else outgoing.write(body);
      outgoing.end();
    });

  /** Through `app.request()`: fetch's Request is read. */
  const inProcess = async (sent: Sent): Promise<{ status: number; json: Record<string, unknown> }> => {
    const headers = new Headers({ "Content-Type": "text/plain" });
    for (const [name, value] of Object.entries(sent.headers ?? {})) for (const v of typeof value === "string" ? [value] : value) headers.append(name, v);
    const body = Buffer.isBuffer(sent.body) ? sent.body : Buffer.from(sent.body);
    if (!sent.chunked) headers.set("Content-Length", String(body.length));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 5) controller.enqueue(new Uint8Array(body.subarray(at, at + 5)));
        controller.close();
      },
    });
    const answer = await app.request("/read", { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };

  it.each(cases)("answers $name the same over HTTP and in process", async ({ sent, status, answer }) => {
    for (const read of [overHttp, inProcess]) {
      const got = await read(sent);
      expect(got.status, read.name).toBe(status);
      expect(got.json, read.name).toMatchObject(answer);
    }
  });

  const backslashes = (n: number) => "\\".repeat(n);
  const opens = "{".repeat(maximumNesting + 1);
  it.each([
    { text: "{}", deeper: false },
    { text: `${"[".repeat(maximumNesting)}${"]".repeat(maximumNesting)}`, deeper: false },
    { text: `${"[".repeat(maximumNesting + 1)}${"]".repeat(maximumNesting + 1)}`, deeper: true },
    { text: `[${"{},".repeat(maximumNesting * 3)}{}]`, deeper: false },
    { text: `["${"{".repeat(maximumNesting + 5)}"]`, deeper: false },
    { text: `${"{\"a\":".repeat(maximumNesting + 1)}1${"}".repeat(maximumNesting + 1)}`, deeper: true },
    // Escaped quotes and backslashes: a string ends at a quote after an even run of backslashes.
    { text: `["${backslashes(2)}"${opens}`, deeper: true },
    { text: `["${backslashes(3)}"${opens}"]`, deeper: false },
    { text: `["a${backslashes(4)}"${opens}`, deeper: true },
    { text: `["${backslashes(5)}"${opens}`, deeper: false },
    { text: `["${opens}`, deeper: false },
  ])("finds nesting deeper than the limit ($deeper), many brackets side by side or in strings being no nesting", ({ text, deeper }) => {
    expect(nestsDeeperThan(text, maximumNesting)).toBe(deeper);
  });
});
