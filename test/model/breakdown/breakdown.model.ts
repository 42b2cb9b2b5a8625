import { isDeepStrictEqual } from "node:util";
import { sortedCards } from "../../../src/domain/breakdown/breakdown";
import { pageCount } from "../../../src/domain/table/pagination";
import { breakdownMachine, breakdownSelectors as sel } from "../../../src/machines/breakdown/breakdown.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../fixtures";
import { manyChannels, noChannels } from "./breakdownFixtures";

/** The channel breakdown: scope following, load per interval, the metric and sort rules, paging, silent failure, export. */
export const breakdownModel = defineMachineModel({
  name: "breakdown",
  machine: breakdownMachine,
  input: {
    levelOne: () => ({ session: sessionOf(), path: [] }),
    withoutDates: () => ({ session: sessionOf({ range: null }), path: ["Web"], search: "interval=week&page=2" }),
  },
  events: {
    "session.scopeChanged": { january: { scope: scopeOf() }, signedOut: { scope: scopeOf({ range: null }) } },
    "breakdown.metricOneChanged": { roas: { metric: "roas" }, sameAsTwo: { metric: "attributed_revenue" } },
    "breakdown.metricTwoChanged": { cpa: { metric: "cpa" } },
    "breakdown.chartTypeChanged": { bar: { chartType: "bar" } },
    "breakdown.intervalChanged": { week: { interval: "week" }, day: { interval: "day" } },
    "breakdown.directionToggled": [{}],
    "breakdown.pageChanged": { two: { page: 2 } },
    "breakdown.perPageChanged": { twelve: { perPage: 12 } },
    "breakdown.exportRequested": [{}],
  },
  actorOutcomes: {
    loadBreakdown: { resolves: { fourteen: manyChannels(14), none: noChannels }, rejects: { server: httpErrors.server } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietReportScopeListener } }),
  observe: (c) => ({ one: c.choices.metricOne, interval: c.choices.interval, page: c.choices.page, cards: c.cards.length > 0 }),
  strategies: { simple: { observe: (c) => ({ interval: c.choices.interval, cards: c.cards.length > 0 }), maxPaths: 80 } },
  limit: 20000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    invariant(c.choices.metricOne !== c.choices.metricTwo, "the two metrics differ");
    invariant(isDeepStrictEqual(c.sorted, sortedCards(c.cards, c.choices.metricOne, c.choices.direction)), "the cards are in the chosen order");
    invariant(c.choices.page >= 1 && (c.cards.length === 0 || c.choices.page <= pageCount(c.cards.length, c.choices.perPage)), "the page is one of the pages");
    invariant(sel.pageCards(after).length <= c.choices.perPage, "a page holds at most the cards per page");
    if (action.kind === "actor" && action.outcome === "rejects") invariant(c.cards.length === 0 && Object.keys(c.headers).length === 0, "a failure clears the cards and headers");
    const started = newCalls.filter((x) => x.kind === "actor" && x.name === "loadBreakdown");
    for (const call of started) invariant((call.payload as { interval: string }).interval === c.choices.interval, "a load uses the interval chosen");
    if (action.kind === "event" && before && action.event.type === "breakdown.metricOneChanged" && c.choices.metricOne !== before.context.choices.metricOne) {
      invariant(c.choices.page === 1, "another first metric goes to page 1");
    }
  },
});
