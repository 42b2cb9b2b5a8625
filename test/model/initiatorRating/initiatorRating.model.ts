import { initiatorFieldNames, initiatorPerPage, initiatorRows, type InitiatorRow } from "../../../src/domain/initiatorRating/initiatorRating";
import { initiatorRatingMachine, initiatorRatingSelectors as sel } from "../../../src/machines/initiatorRating/initiatorRating.machine";
import { DecodeError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, sessionOf } from "../fixtures";
import { checkRowsReport, quietScope, rowsReportRuns, scopeChanges } from "../reports/reportModels";
import { twelveChannels } from "../funnel/funnelFixtures";

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
    "session.scopeChanged": scopeChanges,
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
  provide: quietScope,
  observe: (c) => ({ rows: c.sorted.length, page: c.page }),
  ...rowsReportRuns,
  check: (step) => {
    const { after } = step;
    checkRowsReport(step, {
      inData: (s, state) => s.matches({ data: state }),
      sel,
      perPage: initiatorPerPage,
      columnNames: initiatorFieldNames,
      sorted: "initiator.sorted",
      load: "loadInitiatorRating",
    });
    // The chart: the page's rows, 100 px plus 30 a bar; each bar's parts add up to the row's total.
    const chart = sel.chart(after);
    const shown = sel.pageRows(after);
    invariant(chart.names.length === shown.length && sel.chartHeight(after) === 100 + 30 * shown.length, "a bar per row shown, 100 + 30 px a bar");
    shown.forEach((row, bar) => {
      const sum = chart.stacks.reduce((total, stack) => total + (stack.values[bar] ?? 0), 0);
      invariant(Math.abs(sum - row.total_funnel_revenue) < 1e-9, `bar ${bar} adds up to its total`);
    });
  },
});
