import type { Context, MiddlewareHandler } from "hono";
import { Either, type ParseResult, Schema } from "effect";
import { refuse, refusals, refuseTooLarge } from "./answers";
import { readBodyText } from "./nodeRequest";
import { issueText } from "../../src/domain/shell/issueText";
import { malformedTextAt, malformedTextProblem } from "../../src/domain/ingestion/collection";

/**
 * Reading a request: the query string and the JSON body, decoded with the shared Schemas
 * of src/domain. A failed reading carries the refusal to answer.
 */

export type Reading<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly response: Response };

/** Deepest nesting of arrays and objects a body (or a JSON query value) may have. */
export const maximumNesting = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`: one pass over its
 * brackets outside strings, so a body nested thousands deep is refused before
 * `JSON.parse` or a Schema's decoding (and its error formatting) recurse into it.
 */
export const nestsDeeperThan = (text: string, limit: number): boolean => {
  if (opensAtMost(text, limit)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      const end = stringEnd(text, i);
      if (end < 0) return false;
      i = end;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
};

/**
 * Where the string opened by the quote at `open` ends (its closing quote), or -1 when it does
 * not: the next quote not escaped, that is with an even run of backslashes before it (each
 * backslash escapes the character after it), found with `indexOf` rather than a character at a time.
 */
const stringEnd = (text: string, open: number): number => {
  for (let from = open + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (quote - backslashes - 1 > open && text.charCodeAt(quote - backslashes - 1) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
};

/** Whether `text` holds at most `limit` of `[` and `{` in all (so nothing in it nests deeper): a quick look before the full pass. */
const opensAtMost = (text: string, limit: number): boolean => {
  let opens = 0;
  for (const bracket of ["{", "["]) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      opens += 1;
      if (opens > limit) return false;
    }
  }
  return true;
};

const nestingMessage = `nested deeper than ${maximumNesting} levels`;

/** At most this many issues are named, each clipped, so a refusal never repeats the input. */
const namedIssues = 5;
const pathLength = 80;
const problemLength = 120;

/**
 * A short account of what is wrong with a body or query (`input`, what was decoded):
 * `field: problem; field: problem`, the first few issues only, field names and problems
 * clipped, never the values sent (`issueText`).
 */
export const describeIssues = (error: ParseResult.ParseError, input: unknown): string =>
  issueText(error, input, { issues: namedIssues, pathLength, problemLength, countRest: true });

/** The query string decoded with a shared Schema, or 400 invalid_query naming what is wrong. */
export const readQuery = <A, I>(c: Context, schema: Schema.Schema<A, I, never>): Reading<A> => {
  const query = c.req.query();
  // Some parameters carry JSON (a report's rules): the same depth limit as bodies.
  if (Object.values(query).some((value) => nestsDeeperThan(value, maximumNesting))) {
    return { ok: false, response: refuse(c, refusals.invalidQuery, `Invalid query: ${nestingMessage}`) };
  }
  const decoded = Schema.decodeUnknownEither(schema)(query, { errors: "all" });
  return Either.isRight(decoded)
    ? { ok: true, value: decoded.right }
    : { ok: false, response: refuse(c, refusals.invalidQuery, `Invalid query: ${describeIssues(decoded.left, query)}`) };
};

/**
 * The taxonomy values in the path (parameters t1..t4), level by level, up to the first
 * level the route does not name (Hono has already percent-decoded them).
 */
export const readPathValues = (c: Context): ReadonlyArray<string> => {
  const values: string[] = [];
  for (const name of ["t1", "t2", "t3", "t4"]) {
    const value = c.req.param(name);
    if (value === undefined) break;
    values.push(value);
  }
  return values;
};

/** Whether a Content-Type names JSON (`application/json`, any parameters such as charset). */
export const isJsonContentType = (contentType: string | undefined): boolean =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";

/**
 * 415 unsupported_media_type unless the body is declared JSON. For calls a cross-site form
 * must not be able to make: a form can post `text/plain` that parses as JSON (the sign-in
 * would then sign a browser in as someone else), never `application/json` without CORS.
 */
export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  if (!isJsonContentType(c.req.header("Content-Type"))) return refuse(c, refusals.unsupportedMediaType);
  await next();
};

/**
 * The request body parsed as JSON: 400 invalid_body when it nests deeper than
 * `maximumNesting` (checked before parsing), 400 malformed_json when it is not JSON.
 */
export const readJson = async (c: Context): Promise<Reading<unknown>> => jsonOf(c, await c.req.text());

/**
 * The request body parsed as JSON, as `readJson`, read only while within `maxBytes` (413
 * payload_too_large past it, the body-limit middleware's answer): straight from Node's message
 * where there is one (`nodeRequest.ts`), for the calls that answer every beacon.
 */
export const readJsonWithin = async (c: Context, maxBytes: number): Promise<Reading<unknown>> => {
  const body = await readBodyText(c, maxBytes);
  return body.ok ? jsonOf(c, body.text) : { ok: false, response: refuseTooLarge(c) };
};

/** A body's text parsed as JSON: 400 invalid_body when it nests too deep (checked first), 400 malformed_json when it is not JSON. */
const jsonOf = (c: Context, text: string): Reading<unknown> => {
  if (nestsDeeperThan(text, maximumNesting)) {
    return { ok: false, response: refuse(c, refusals.invalidBody, `Invalid request body: ${nestingMessage}`) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: refuse(c, refusals.malformedJson) };
  }
};

/**
 * The request body parsed as JSON (as `readJson`), every text in it well-formed: 400
 * invalid_body naming the field (never the value) that holds a lone surrogate. Every call
 * that stores what it is sent reads with this (through `readBody` or itself); only the
 * ingestion calls read with `readJson`, since they refuse such text row by row.
 */
export const readWellFormedJson = async (c: Context): Promise<Reading<unknown>> => {
  const body = await readJson(c);
  if (!body.ok) return body;
  const malformed = malformedTextAt(body.value);
  if (malformed === null) return body;
  const field = malformed.map((key) => (key.length > 40 ? `${key.slice(0, 39)}…` : key)).join(".").slice(0, pathLength);
  return { ok: false, response: refuse(c, refusals.invalidBody, `Invalid request body: ${field.length > 0 ? `${field}: ` : ""}${malformedTextProblem}`) };
};

/** A parsed body decoded with a shared Schema, or 400 invalid_body naming the fields. */
export const decodeBody = <A, I>(c: Context, schema: Schema.Schema<A, I, never>, value: unknown): Reading<A> => {
  const decoded = Schema.decodeUnknownEither(schema)(value, { errors: "all" });
  return Either.isLeft(decoded)
    ? { ok: false, response: refuse(c, refusals.invalidBody, `Invalid request body: ${describeIssues(decoded.left, value)}`) }
    : { ok: true, value: decoded.right };
};

/**
 * Reads a JSON body and decodes it with a shared Schema: 400 malformed_json when it is
 * not JSON, 400 invalid_body (naming the fields) when it holds malformed text or does not
 * decode. The size limit is enforced before this by the body-limit middleware.
 */
export const readBody = async <A, I>(c: Context, schema: Schema.Schema<A, I, never>): Promise<Reading<A>> => {
  const body = await readWellFormedJson(c);
  return body.ok ? decodeBody(c, schema, body.value) : body;
};
