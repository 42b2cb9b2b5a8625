import type { Context } from "hono";
import { Either, Schema } from "effect";
import { DateRangeQuery } from "../../src/domain/report/configuration";
import type { DateRange } from "../../src/domain/report/dateRange";
import { Ok } from "../../src/domain/access/auth";
import { answer, okValue, refuse, refusals, type Refusal } from "../http/answers";
import { describeIssues } from "../http/requestReading";
import type { ProgramEnv } from "../http/env";
import type { Actor, Removal } from "../../src/domain/access/authorship";

/** The most custom reports one person may keep in a program. */
export const reportsPerPerson = 100;

/**
 * What the account and configuration routes share: their refusals, reading an id from
 * the path, the optional date range from the query and the body.
 */
export const configurationRefusals = {
  invalidDates: {
    status: 400,
    error: "invalid_dates",
    message: "date_from and date_to must both be dates written YYYY-MM-DD, date_from not after date_to.",
  },
  duplicateName: { status: 400, error: "duplicate_name", message: "That name is already used." },
  invalidWeek: { status: 400, error: "invalid_week", message: "A week is given by its Monday, written YYYY-MM-DD." },
  spendNotFound: { status: 404, error: "not_found", message: "There is no spend configuration with that id in this program." },
  variableSpendNotFound: { status: 404, error: "not_found", message: "There is no variable spend row with that id in this program." },
  annotationNotFound: { status: 404, error: "not_found", message: "There is no campaign note with that id in this program." },
  seasonalityTypeNotFound: { status: 404, error: "not_found", message: "There is no seasonality type with that id in this program." },
  columnSetNotFound: { status: 404, error: "not_found", message: "You have no column set with that id." },
  reportNotFound: { status: 404, error: "report_not_found", message: "You don't have access to this report" },
  staleSpend: { status: 409, error: "stale_spend", message: "Someone else saved this spend configuration while you were editing." },
  notAuthor: { status: 403, error: "forbidden", message: "Only its author or an admin may change or delete this." },
  tooManyReports: {
    status: 409,
    error: "too_many_reports",
    message: `You have ${reportsPerPerson} custom reports in this program, the most one person may keep: delete one to save another.`,
  },
} as const satisfies Record<string, Refusal>;

/** The 409 message of a stale spend edit: the edit started from one version, and someone saved another since. */
export const staleSpendMessage = (basedOn: number, stored: number): string =>
  `Someone else saved this spend configuration while you were editing (your edit started from version ${basedOn}, ` +
  `the saved one is now version ${stored}). Reload it to see their changes, then make yours again.`;

/** Largest id a stored record can have (INTEGER columns). */
const largestId = 2_147_483_647;

export type IdReading = { readonly ok: true; readonly id: number } | { readonly ok: false; readonly response: Response };

/**
 * The whole, positive id in the path parameter `name`: 400 invalid_id when it is not a
 * whole number, `notFound` when it is too large to exist.
 */
export const readId = (c: Context, name: string, notFound: Refusal): IdReading => {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,30}$/.test(raw)) return { ok: false, response: refuse(c, refusals.invalidId) };
  const id = Number(raw);
  if (id < 1 || id > largestId) return { ok: false, response: refuse(c, notFound) };
  return { ok: true, id };
};

/**
 * A DELETE of `.../:id`: 400 invalid_id when the id is not a whole number, `notFound`
 * when `remove` finds no such record (of this program or user), else Ok.
 */
export const removeById =
  <C extends Context>(notFound: Refusal, remove: (c: C, id: number) => Promise<boolean>) =>
  async (c: C): Promise<Response> => {
    const id = readId(c, "id", notFound);
    if (!id.ok) return id.response;
    return (await remove(c, id.id)) ? answer(c, Ok, okValue) : refuse(c, notFound);
  };

/** The signed-in person as the author checks see them (warehouse/authors.ts). */
export const actorOf = (c: Context<ProgramEnv>): Actor => ({ userId: c.get("user").id, isAdmin: c.get("user").is_admin });

/**
 * A DELETE of a program's shared object `.../:id`: 400 invalid_id when the id is not a whole
 * number, `notFound` when the program has no such object, 403 when the person is neither its
 * author nor an admin (nothing is removed), else Ok.
 */
export const removeAuthoredById =
  (notFound: Refusal, remove: (c: Context<ProgramEnv>, id: number, actor: Actor) => Promise<Removal>) =>
  async (c: Context<ProgramEnv>): Promise<Response> => {
    const id = readId(c, "id", notFound);
    if (!id.ok) return id.response;
    const removal = await remove(c, id.id, actorOf(c));
    if (removal === "notAuthor") return refuse(c, configurationRefusals.notAuthor);
    return removal === "removed" ? answer(c, Ok, okValue) : refuse(c, notFound);
  };

export type RangeReading = { readonly ok: true; readonly range: DateRange | null } | { readonly ok: false; readonly response: Response };

const decodeRange = Schema.decodeUnknownEither(DateRangeQuery);

/**
 * The optional `date_from` / `date_to` of a list call: neither means no range; one
 * without the other, a non-date or a reversed range is 400 invalid_dates.
 */
export const readRange = (c: Context): RangeReading => {
  const from = c.req.query("date_from");
  const to = c.req.query("date_to");
  if (from === undefined && to === undefined) return { ok: true, range: null };
  const decoded = decodeRange({ date_from: from, date_to: to }, { errors: "all" });
  if (Either.isLeft(decoded)) {
    return {
      ok: false,
      response: refuse(c, configurationRefusals.invalidDates, `Invalid dates: ${describeIssues(decoded.left, { date_from: from, date_to: to })}`),
    };
  }
  return { ok: true, range: { from: decoded.right.date_from, to: decoded.right.date_to } };
};
