import { periodStarts } from "../../../src/domain/performance/performance";
import { trendFields } from "../../../src/domain/funnelTrends/funnelTrends";
import { pageCount } from "../../../src/domain/table/pagination";
import { funnelTrendsMachine, funnelTrendsSelectors as sel } from "../../../src/machines/funnelTrends/funnelTrends.machine";
import { defineMachineModel, invariant } from "../harness";
import { beta, httpErrors, scopeOf, sessionOf } from "../fixtures";
import { quietScope } from "../reports/reportModels";
import { januaryTrends, noTrends } from "./funnelTrendsFixtures";

/**
 * The funnel trends page: loads (ready, empty, failed and 'Try again'), the session's scope,
 * the mode, Table Settings (open, a column toggled, closed) and paging.
 */
export const funnelTrendsModel = defineMachineModel({
  name: "funnelTrends",
  machine: funnelTrendsMachine,
  input: {
    levelOne: () => ({ session: sessionOf(), path: [], selected: null, search: "" }),
    linked: () => ({ session: sessionOf(), path: ["Paid"], selected: "Direct", search: "mode=revenue_percent&columns=solo_credit&page=3" }),
  },
  events: {
    "session.scopeChanged": { otherProgram: { scope: scopeOf({ programCode: beta.code }) }, noDates: { scope: scopeOf({ range: null }) } },
    "trends.modeChanged": { percent: { mode: "revenue_percent" }, revenue: { mode: "revenue" } },
    "settings.opened": [{}],
    "settings.closed": [{}],
    "settings.columnToggled": { soloCredit: { column: "solo_credit" } },
    "table.pageChanged": { three: { page: 3 } },
    "table.perPageChanged": { fifty: { perPage: 50 } },
    "report.retried": [{}],
    "report.exportRequested": [{}],
  },
  actorOutcomes: {
    loadFunnelTrends: { resolves: { january: januaryTrends, empty: noTrends }, rejects: { network: httpErrors.network } },
  },
  provide: quietScope,
  observe: (c) => ({ program: c.scope.program?.code ?? null, dates: c.scope.range !== null, days: c.chosen?.data.length ?? 0, mode: c.choices.mode, columns: c.choices.columns.length, page: c.choices.page, perPage: c.choices.perPage }),
  strategies: { simple: { observe: null, maxPaths: 40 }, shortest: { maxPaths: 120 } },
  check: ({ after }) => {
    const c = after.context;
    const days = sel.days(after);
    // A link's page is kept while there is nothing to page (before a load, without dates); loaded days bring it within them.
    if (sel.status(after) === "ready") invariant(c.choices.page >= 1 && c.choices.page <= pageCount(days.length, c.choices.perPage), "the page is one the days have");
    invariant(c.choices.columns.length >= 1, "the table keeps a column");
    invariant(sel.chartFields(after).every((f, i) => f === trendFields(c.choices.mode)[i]), "the chart draws the mode's four fields");
    if (c.chosen !== null && c.scope.range !== null) {
      invariant(
        days.map((d) => d.conversion_date).join() === periodStarts(c.scope.range.from, c.scope.range.to, "day").join(),
        "every day of the range has exactly one row, in order",
      );
    }
    if (sel.status(after) === "ready") invariant(c.chosen !== null, "ready shows a series");
    if (sel.status(after) !== "ready") invariant(sel.status(after) === "loading" || c.chosen === null, "only a ready page (or one reloading) holds a series");
  },
});
