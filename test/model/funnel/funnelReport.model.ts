import { funnelColumnNames, funnelPerPage } from "../../../src/domain/funnel/funnelReport";
import { funnelReportMachine, funnelReportSelectors as sel } from "../../../src/machines/funnel/funnelReport.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, sessionOf } from "../fixtures";
import { checkRowsReport, quietScope, rowsReportRuns, scopeChanges } from "../reports/reportModels";
import { noChannels, twelveChannels } from "./funnelFixtures";

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
    "session.scopeChanged": scopeChanges,
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
  provide: quietScope,
  observe: (c) => ({ rows: c.sorted.length, page: c.page }),
  ...rowsReportRuns,
  check: (step) => {
    const { after } = step;
    checkRowsReport(step, {
      inData: (s, state) => s.matches({ data: state }),
      sel,
      perPage: funnelPerPage,
      columnNames: funnelColumnNames,
      sorted: "funnel.sorted",
      load: "loadFunnel",
    });
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
  },
});
