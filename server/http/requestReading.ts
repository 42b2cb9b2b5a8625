import type { Context } from "hono";
import { Either, ParseResult, Schema } from "effect";
import { refuse, refusals } from "./answers";

/**
 * Reading a request: the query string and the JSON body, decoded with the shared Schemas
 * of src/domain. A failed reading carries the refusal to answer.
 */

export type Reading<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly response: Response };

/** A readable account of what is wrong with a body or query: `field: problem; field: problem`. */
export const describeIssues = (error: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");

/** The query string decoded with a shared Schema, or 400 invalid_query naming what is wrong. */
export const readQuery = <A, I>(c: Context, schema: Schema.Schema<A, I, never>): Reading<A> => {
  const decoded = Schema.decodeUnknownEither(schema)(c.req.query(), { errors: "all" });
  return Either.isRight(decoded)
    ? { ok: true, value: decoded.right }
    : { ok: false, response: refuse(c, refusals.invalidQuery, `Invalid query: ${describeIssues(decoded.left)}`) };
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

/** The request body parsed as JSON, or 400 malformed_json. */
export const readJson = async (c: Context): Promise<Reading<unknown>> => {
  try {
    return { ok: true, value: JSON.parse(await c.req.text()) as unknown };
  } catch {
    return { ok: false, response: refuse(c, refusals.malformedJson) };
  }
};

/** A parsed body decoded with a shared Schema, or 400 invalid_body naming the fields. */
export const decodeBody = <A, I>(c: Context, schema: Schema.Schema<A, I, never>, value: unknown): Reading<A> => {
  const decoded = Schema.decodeUnknownEither(schema)(value, { errors: "all" });
  return Either.isLeft(decoded)
    ? { ok: false, response: refuse(c, refusals.invalidBody, `Invalid request body: ${describeIssues(decoded.left)}`) }
    : { ok: true, value: decoded.right };
};

/**
 * Reads a JSON body and decodes it with a shared Schema: 400 malformed_json when it is
 * not JSON, 400 invalid_body (naming the fields) when it does not decode. The size limit
 * is enforced before this by the body-limit middleware.
 */
export const readBody = async <A, I>(c: Context, schema: Schema.Schema<A, I, never>): Promise<Reading<A>> => {
  const body = await readJson(c);
  return body.ok ? decodeBody(c, schema, body.value) : body;
};
