import type { DateRange } from "../../../src/domain/report/dateRange";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { funnelColumnNames, funnelPerPage } from "../../../src/domain/funnel/funnelReport";
import { funnelReportMachine, funnelReportSelectors as sel } from "../../../src/machines/funnel/funnelReport.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../fixtures";
import { noChannels, twelveChannels } from "./funnelFixtures";

const january: DateRange = { from: "2026-01-01", to: "2026-01-31" };
const february: DateRange = { from: "2026-02-01", to: "2026-02-28" };
const signedOut = { token: null, programs: [], programCode: null, range: null };
const complete = (s: SessionScope) => s.program !== null && s.range !== null;

/**
 * The funnel report: waiting for a program and dates, loading, ready, empty or failed
 * (silent); the mode (Revenue, Revenue Percent, Credit), sort, page and column chooser over
 * the loaded rows; each new scope loads once, the same scope never.
 */
export const funnelReportModel = defineMachineModel({
  name: "funnelReport",
  machine: funnelReportMachine,
  input: {
    signedIn: () => ({ session: sessionOf(), path: [] }),
    linked: () => ({ session: sessionOf(), path: [], search: "mode=revenue_percent&sort=solo_revenue&direction=desc&page=2" }),
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
    "funnel.modeChosen": { revenue: { mode: "revenue" }, percent: { mode: "revenue_percent" }, credit: { mode: "credit" } },
    "funnel.sorted": { soloRevenue: { column: "solo_revenue" } },
    "funnel.paged": { pastTheLast: { page: 99 } },
    "funnel.columnsOpened": [{}],
    "funnel.columnsClosed": [{}],
    "funnel.columnToggled": { soloCredit: { column: "solo_credit" } },
    "funnel.columnsReset": [{}],
  },
  actorOutcomes: {
    loadFunnel: { resolves: { twelve: twelveChannels, none: noChannels }, rejects: { server: httpErrors.server } },
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
    if (!complete(c.scope)) invariant(after.matches({ data: "waiting" }), "without a program and dates the report waits");
    if (after.matches({ data: "failed" }) || after.matches({ data: "waiting" })) invariant(sel.total(after) === 0, "no rows without a loaded answer");
    // The page: at most 8 rows, never past the last page; 'None' always last.
    invariant(sel.pageRows(after).length <= funnelPerPage, "at most 8 rows a page");
    // A link's page waits for the rows; once an answer is in (or none will come), never past the last page.
    const settled = !after.matches({ data: "loading" }) && !after.matches({ data: "waiting" });
    invariant(c.page >= 1 && (!settled || c.page <= sel.pageCount(after)), `page ${c.page} of ${sel.pageCount(after)}`);
    const names = c.sorted.map((r) => r.taxonomy_1);
    if (names.includes("None")) invariant(names.at(-1) === "None", "'None' is the last row in every sort");
    // Columns: funnel fields only, at least one.
    invariant(c.columns.length >= 1 && c.columns.every((col) => funnelColumnNames.includes(col)), "the visible columns are funnel fields");
    // The chart: the page's rows; in percent mode each bar with revenue sums to 100 on a 0-100 axis.
    const chart = sel.chart(after);
    invariant(chart.names.length === sel.pageRows(after).length, "a bar per row shown");
    const percent = sel.mode(after) === "revenue_percent";
    invariant((chart.max === 100) === percent, "the axis ends at 100 in percent mode only");
    if (percent) {
      for (let bar = 0; bar < chart.names.length; bar++) {
        const sum = chart.stacks.reduce((total, stack) => total + (stack.values[bar] ?? 0), 0);
        invariant(sum === 0 || Math.abs(sum - 100) < 1e-9, `bar ${bar} sums to ${sum}`);
      }
    }
    if (action.kind === "event" && action.event.type === "funnel.sorted") invariant(c.page === 1, "a sort starts on page 1");
    // Loads: one each time loading is entered (a first complete scope, a new one), none for the same scope.
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadFunnel");
    const wasComplete = before ? complete(before.context.scope) : false;
    const scopeMoved = action.kind === "event" && action.event.type === "session.scopeChanged" && complete(c.scope) && (!wasComplete || before?.context.scope.range?.from !== c.scope.range?.from);
    const expected = action.kind === "init" ? (complete(c.scope) ? 1 : 0) : scopeMoved ? 1 : 0;
    invariant(loads.length === expected, `${expected} load(s) expected, ${loads.length} made`);
  },
});
