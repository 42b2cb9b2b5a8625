import type { DateRange } from "../../../src/domain/report/dateRange";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { initiatorFieldNames, initiatorPerPage, initiatorRows, type InitiatorRow } from "../../../src/domain/initiatorRating/initiatorRating";
import { initiatorRatingMachine, initiatorRatingSelectors as sel } from "../../../src/machines/initiatorRating/initiatorRating.machine";
import { DecodeError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../fixtures";
import { twelveChannels } from "../funnel/funnelFixtures";

const january: DateRange = { from: "2026-01-01", to: "2026-01-31" };
const february: DateRange = { from: "2026-02-01", to: "2026-02-28" };
const signedOut = { token: null, programs: [], programCode: null, range: null };
const complete = (s: SessionScope) => s.program !== null && s.range !== null;

const twelve: ReadonlyArray<InitiatorRow> = (() => {
  const rows = initiatorRows(twelveChannels.data);
  if (!rows.ok) throw new Error(rows.problem);
  return rows.rows;
})();

/**
 * The initiator rating: waiting, loading, ready, empty or failed (silent, also for an
 * answer that is not initiator input); total funnel revenue biggest first, 10 a page, the
 * column chooser; each new scope loads once, the same scope never.
 */
export const initiatorRatingModel = defineMachineModel({
  name: "initiatorRating",
  machine: initiatorRatingMachine,
  input: {
    signedIn: () => ({ session: sessionOf(), path: [] }),
    linked: () => ({ session: sessionOf(), path: ["Email"], search: "sort=taxonomy_2&direction=asc&page=2" }),
  },
  events: {
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      const c = s.context.scope;
      if (!complete(c)) return { signedIn: { scope: scopeOf({ range: january }) } };
      return {
        dates: { scope: scopeOf({ range: c.range?.from === january.from ? february : january }) },
        signedOut: { scope: scopeOf(signedOut) },
      };
    },
    "initiator.sorted": { share: { column: "upper_solo_revenue_percent" } },
    "initiator.paged": { pastTheLast: { page: 99 } },
    "initiator.columnsOpened": [{}],
    "initiator.columnsClosed": [{}],
    "initiator.columnToggled": { midLower: { column: "mid_lower_revenue" } },
    "initiator.columnsReset": [{}],
  },
  actorOutcomes: {
    loadInitiatorRating: {
      resolves: { twelve, none: [] },
      rejects: { server: httpErrors.server, refused: new DecodeError({ message: "The funnel answer could not be read: a row's location must hold 1 to 4 names", path: "x" }) },
    },
  },
  provide: () => ({ actors: { sessionScopeListener: quietReportScopeListener } }),
  observe: (c) => ({ rows: c.sorted.length, page: c.page }),
  strategies: {
    shortest: { maxPaths: 60, transitions: false },
    simple: { observe: null, maxPaths: 20 },
  },
  limit: 40_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    invariant(sel.isLoading(after) === after.matches({ data: "loading" }), "the loading status is the loading state");
    if (!complete(c.scope)) invariant(after.matches({ data: "waiting" }), "without a program and dates the rating waits");
    if (after.matches({ data: "failed" }) || after.matches({ data: "waiting" })) invariant(sel.total(after) === 0, "no rows without a loaded answer");
    invariant(sel.pageRows(after).length <= initiatorPerPage, "at most 10 rows a page");
    // A link's page waits for the rows; once an answer is in (or none will come), never past the last page.
    const settled = !after.matches({ data: "loading" }) && !after.matches({ data: "waiting" });
    invariant(c.page >= 1 && (!settled || c.page <= sel.pageCount(after)), `page ${c.page} of ${sel.pageCount(after)}`);
    const names = c.sorted.map((r) => r.taxonomy_1);
    if (names.includes("None")) invariant(names.at(-1) === "None", "'None' is the last row in every sort");
    invariant(c.columns.length >= 1 && c.columns.every((col) => (initiatorFieldNames as ReadonlyArray<string>).includes(col)), "the visible columns are initiator fields");
    // The chart: the page's rows, 100 px plus 30 a bar; each bar's parts add up to the row's total.
    const chart = sel.chart(after);
    const shown = sel.pageRows(after);
    invariant(chart.names.length === shown.length && sel.chartHeight(after) === 100 + 30 * shown.length, "a bar per row shown, 100 + 30 px a bar");
    shown.forEach((row, bar) => {
      const sum = chart.stacks.reduce((total, stack) => total + (stack.values[bar] ?? 0), 0);
      invariant(Math.abs(sum - row.total_funnel_revenue) < 1e-9, `bar ${bar} adds up to its total`);
    });
    if (action.kind === "event" && action.event.type === "initiator.sorted") invariant(c.page === 1, "a sort starts on page 1");
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadInitiatorRating");
    const wasComplete = before ? complete(before.context.scope) : false;
    const scopeMoved = action.kind === "event" && action.event.type === "session.scopeChanged" && complete(c.scope) && (!wasComplete || before?.context.scope.range?.from !== c.scope.range?.from);
    const expected = action.kind === "init" ? (complete(c.scope) ? 1 : 0) : scopeMoved ? 1 : 0;
    invariant(loads.length === expected, `${expected} load(s) expected, ${loads.length} made`);
  },
});
