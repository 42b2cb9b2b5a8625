import { untaggedSegment } from "../../../src/domain/diminishingReturns/diminishingReturns";
import { minTrendlinePoints } from "../../../src/domain/diminishingReturns/responseCurve";
import { pageCount } from "../../../src/domain/table/pagination";
import { diminishingReturnsMachine, diminishingReturnsSelectors as sel } from "../../../src/machines/diminishingReturns/diminishingReturns.machine";
import { defineMachineModel, invariant } from "../harness";
import { beta, httpErrors, scopeOf, sessionOf } from "../fixtures";
import { quietScope } from "../reports/reportModels";
import { emptyLevel, fixtureRange, levelOne } from "./diminishingFixtures";

/**
 * The diminishing-returns page: loads (ready, empty, failed and 'Try again'), the session's
 * scope (another program reloads, no dates waits), segments, paging and the what-if spend.
 */
export const diminishingReturnsModel = defineMachineModel({
  name: "diminishingReturns",
  machine: diminishingReturnsMachine,
  input: {
    levelOne: () => ({ session: sessionOf({ range: fixtureRange }), path: [], selected: null, search: "" }),
    linked: () => ({ session: sessionOf({ range: fixtureRange }), path: ["Paid"], selected: "Email", search: "untagged=off&per_page=50&what_if=900" }),
    partWeeks: () => ({ session: sessionOf({ range: { from: "2025-11-05", to: "2026-01-21" } }), path: [], selected: null, search: "" }),
  },
  events: {
    "session.scopeChanged": { otherProgram: { scope: scopeOf({ programCode: beta.code, range: fixtureRange }) }, noDates: { scope: scopeOf({ range: null }) } },
    "segments.toggled": { blackFriday: { key: "Black Friday" }, untagged: { key: untaggedSegment } },
    "table.pageChanged": { two: { page: 2 } },
    "table.perPageChanged": { fifty: { perPage: 50 } },
    "whatIf.changed": { inside: { text: "600" }, outside: { text: "5000" }, invalid: { text: "lots" } },
    "report.retried": [{}],
    "report.exportRequested": [{}],
  },
  actorOutcomes: {
    loadDiminishing: { resolves: { levelOne, empty: emptyLevel }, rejects: { server: httpErrors.server } },
  },
  provide: quietScope,
  observe: (c) => ({ program: c.scope.program?.code ?? null, dates: c.scope.range !== null, weeks: c.weeks.length, hidden: c.choices.hiddenSeasons.length + (c.choices.untagged ? 0 : 1), page: c.choices.page, perPage: c.choices.perPage, whatIf: c.choices.whatIf }),
  strategies: { simple: { observe: null, maxPaths: 40 }, shortest: { maxPaths: 120 } },
  check: ({ after }) => {
    const c = after.context;
    const status = sel.status(after);
    // A link's page is kept while there is nothing to page (before a load, without dates); loaded weeks bring it within them.
    if (status === "ready") invariant(c.choices.page >= 1 && c.choices.page <= pageCount(c.weeks.length, c.choices.perPage), "the page is one the weeks have");
    invariant(sel.pageRows(after).length <= c.choices.perPage, "at most a page of rows shows");
    invariant((c.analysis.fit !== null) === (c.weeks.filter((w) => w.whole && w.spend > 0).length >= minTrendlinePoints), "a curve exactly from 10 whole weeks with spend");
    invariant(c.analysis.fit === null || c.analysis.fit.weeks === c.weeks.filter((w) => w.whole && w.spend > 0).length, "the curve is fitted on the whole weeks only");
    invariant(sel.notEnoughData(after) === (c.analysis.fit === null), "the warning shows exactly when there is no curve");
    invariant(c.weeks.every((w) => w.segment === untaggedSegment ? c.choices.untagged : !c.choices.hiddenSeasons.includes(w.segment)), "only weeks of shown segments");
    if (status === "waiting") invariant(c.series.length === 0 || c.scope.range !== null, "waiting without dates holds no series");
    if (status === "ready") invariant(c.chosen !== null, "ready shows a series");
    if (status === "failed" || status === "empty") invariant(c.weeks.length === 0, "no weeks without a series");
    const reading = sel.whatIf(after);
    if (reading && c.analysis.fit) invariant(reading.extrapolated === (reading.spend < c.analysis.fit.minSpend || reading.spend > c.analysis.fit.maxSpend), "extrapolation is outside the weeks' spends");
  },
});
