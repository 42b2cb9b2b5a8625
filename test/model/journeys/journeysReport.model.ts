import { journeysReportMachine, journeysReportSelectors as sel, type BlocksInput, type SummaryInput } from "../../../src/machines/journeys/journeysReport.machine";
import { answerOf, summaryOf, taxonomies } from "../../machines/journeys/journeyFixtures";
import { httpErrors, sessionOf } from "../fixtures";
import { defineMachineModel, invariant } from "../harness";
import { complete, quietScope, scopeChanges } from "../reports/reportModels";

type Snapshot = ReturnType<typeof journeysReportMachine.transition>;

const inData = (s: Snapshot, state: string) => s.matches({ data: state } as never);

/**
 * The journey paths page: taxonomies first, then the blocks of 160 the page needs (400
 * orders, 40, or none), the summary beside; sort, page past the first block, rows per
 * page, level, the filter (another one, or the same one back from the Journey Path
 * Filter), a summary path chosen and cleared; failures that only stop loading; each new
 * scope loads the taxonomies again; 'Export' loads the blocks not loaded and opens the
 * dialog with every filtered order.
 */
export const journeysReportModel = defineMachineModel({
  name: "journeysReport",
  machine: journeysReportMachine,
  input: {
    signedIn: () => ({ session: sessionOf() }),
    linked: () => ({ session: sessionOf(), search: "sort=journey_length&page=12&level=3&journey_search=%7B%22first%22%3A%5B%7B%22taxonomy_one%22%3A%22Gone%22%7D%5D%7D" }),
  },
  events: {
    "session.scopeChanged": scopeChanges,
    "journeys.sorted": { length: { column: "journey_length" } },
    "journeys.paged": { pastTheBlock: { page: 11 } },
    "journeys.perPageChanged": { fifty: { perPage: 50 } },
    "journeys.levelChosen": { four: { level: 4 } },
    "journeys.filterOpened": [{}],
    "journeys.filter.applied": { email: { filter: { first: [{ taxonomy_one: "Email" }] } }, same: { filter: {} } },
    "journeys.filterCleared": [{}],
    "journeys.pathChosen": { seo: { path: [["SEO", "Organic"]] } },
    "journeys.pathCleared": [{}],
    "journeys.exportRequested": [{}],
  },
  actorOutcomes: {
    loadTaxonomies: { resolves: { taxonomies }, rejects: { server: httpErrors.server } },
    loadJourneys: {
      resolves: { first: answerOf([0], 400), second: answerOf([1], 400), few: answerOf([0], 40), none: { total: 0, blocks: [{ block: 0, rows: [] }] } },
      rejects: { server: httpErrors.server },
    },
    loadExportJourneys: { resolves: { rest: answerOf([1, 2], 400) }, rejects: { server: httpErrors.server } },
    loadSummary: { resolves: { summary: summaryOf() }, rejects: { server: httpErrors.server } },
    journeyFilter: { resolves: { closed: undefined } },
  },
  provide: quietScope,
  observe: (c) => ({ page: c.choices.page, perPage: c.choices.perPage, level: c.choices.level, filtered: Object.keys(c.choices.filter).length > 0, path: c.choices.path !== null, total: c.total }),
  strategies: {
    shortest: { maxPaths: 80, transitions: false },
    simple: { observe: null, maxPaths: 20 },
  },
  limit: 40_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    const loading = inData(after, "taxonomies") || inData(after, "journeys") || inData(after, "settled");
    invariant((sel.status(after) === "loading") === loading, "'Loading...' while the taxonomies or the journeys load");
    if (!complete(c.scope)) invariant(inData(after, "waiting"), "without a program and dates the page waits");
    invariant(sel.rows(after).length <= c.choices.perPage, `at most ${c.choices.perPage} rows a page`);
    if (inData(after, "failed") || inData(after, "taxonomiesFailed") || inData(after, "waiting")) invariant(sel.rows(after).length === 0, "no rows after a failure or without a scope");
    if (inData(after, "ready")) invariant(sel.rows(after).length > 0 && c.choices.page <= sel.pageCount(after), "ready: the page's rows, never past the last page");
    if (action.kind === "event" && ["journeys.sorted", "journeys.levelChosen", "journeys.pathChosen", "journeys.filterCleared"].includes(action.event.type))
      invariant(c.choices.page === 1, `${action.event.type} starts on page 1`);
    if (action.kind === "event" && action.event.type === "journeys.levelChosen") invariant(c.choices.path === null, "a new level clears the path");
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "loadJourneys")) {
      const input = call.payload as BlocksInput;
      invariant(input.blocks.length >= 1 && input.blocks.length <= 2, "one or two blocks a load");
      invariant(input.blocks.every((b) => !c.blocks.has(b) || inData(after, "journeys")), "a load asks only for blocks not loaded");
      invariant(input.sortBy === c.choices.sort && input.direction === c.choices.direction, "the journeys load in the page's sort");
      invariant(JSON.stringify(input.scope.filter) === JSON.stringify(c.choices.filter), "the journeys load with the filter in force");
      invariant(c.taxonomies.length > 0, "the journeys load after the taxonomies");
    }
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "loadSummary")) {
      const input = call.payload as SummaryInput;
      invariant(input.level === c.choices.level && JSON.stringify(input.scope.path) === JSON.stringify(c.choices.path), "the summary at the page's level and path");
    }
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "loadExportJourneys")) {
      const input = call.payload as BlocksInput;
      invariant(input.blocks.length > 0 && input.blocks.every((b) => !before?.context.blocks.has(b)), "an export asks only for the blocks not loaded");
    }
    const dialog = sel.exportDialog(after)?.getSnapshot();
    if (action.kind === "event" && action.event.type === "journeys.exportRequested" && inData(after, "ready") && dialog?.matches("open"))
      invariant(dialog.context.rows.length === c.total, "the export holds every filtered order");
    if (action.kind === "event" && action.event.type === "journeys.filterOpened" && before?.matches({ filterDialog: "closed" }))
      invariant(after.matches({ filterDialog: "open" }) === sel.canOpenFilter(before), "'Filter Journey' opens the filter once the taxonomies are in, and only then");
    const taxonomyLoads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadTaxonomies").length;
    const scopeMoved =
      action.kind === "event" &&
      action.event.type === "session.scopeChanged" &&
      complete(c.scope) &&
      (!before || !complete(before.context.scope) || before.context.scope.range?.from !== c.scope.range?.from);
    const expected = action.kind === "init" ? (complete(c.scope) ? 1 : 0) : scopeMoved ? 1 : 0;
    invariant(taxonomyLoads === expected, `${expected} taxonomy load(s) expected, ${taxonomyLoads} made`);
  },
});
