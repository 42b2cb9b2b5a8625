import type { Context } from "hono";
import { Either, ParseResult, Schema } from "effect";
import { refuse, refusals } from "./answers";

export type BodyReading<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly response: Response };

/** A readable account of what is wrong with a body: `field: problem; field: problem`. */
export const describeIssues = (error: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");

/**
 * Reads a JSON body and decodes it with a shared Schema: 400 malformed_json when it is
 * not JSON, 400 invalid_body (naming the fields) when it does not decode. The size limit
 * is enforced before this by the body-limit middleware.
 */
export const readBody = async <A, I>(c: Context, schema: Schema.Schema<A, I, never>): Promise<BodyReading<A>> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: refuse(c, refusals.malformedJson) };
  }
  const decoded = Schema.decodeUnknownEither(schema)(parsed, { errors: "all" });
  if (Either.isLeft(decoded)) {
    return { ok: false, response: refuse(c, refusals.invalidBody, `Invalid request body: ${describeIssues(decoded.left)}`) };
  }
  return { ok: true, value: decoded.right };
};
