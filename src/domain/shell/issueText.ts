import { ParseResult } from "effect";

/**
 * What is wrong with a value that did not decode, in words that never repeat it: a refusal
 * answered to a client (a body, a query, a row sent in) names fields and problems only,
 * since the value sent may be anything (a secret pasted in the wrong field, markup, a
 * payload too long to echo). Schema's own messages carry the value ("Expected number,
 * actual "x"", "Unable to decode "x" into a number"); both forms are taken out here.
 */

export interface IssueTextLimits {
  /** At most this many issues are named; the rest are counted ("and 3 more") when `countRest`. */
  readonly issues: number;
  readonly pathLength: number;
  readonly problemLength: number;
  readonly countRest: boolean;
}

const clipped = (text: string, length: number): string => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);

/** The value at `path` inside `input` (undefined when there is none). */
const valueAt = (input: unknown, path: ReadonlyArray<PropertyKey>): unknown =>
  path.reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);

/** Takes every spelling of the value sent out of a problem: ", actual …" and the value itself, quoted or not. */
export const problemWithoutValue = (message: string, value: unknown): string => {
  let problem = message.replace(/, actual [\s\S]*$/, "");
  if ((typeof value === "string" && value.length > 0) || typeof value === "number" || typeof value === "bigint") {
    const text = String(value);
    for (const spelling of [JSON.stringify(text), `'${text}'`, text]) problem = problem.split(spelling).join("the value sent");
  }
  return problem;
};

/** `field: problem; field: problem`, the first few issues only, clipped, never with the values sent. */
export const issueText = (error: ParseResult.ParseError, input: unknown, limits: IssueTextLimits): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error);
  const named = issues.slice(0, limits.issues).map((issue) => {
    const problem = clipped(problemWithoutValue(issue.message, valueAt(input, issue.path)), limits.problemLength);
    const path = clipped(issue.path.map((key) => clipped(String(key), 40)).join("."), limits.pathLength);
    return path.length > 0 ? `${path}: ${problem}` : problem;
  });
  const more = issues.length - named.length;
  return limits.countRest && more > 0 ? `${named.join("; ")}; and ${more} more` : named.join("; ");
};
