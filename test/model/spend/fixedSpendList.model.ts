import type { DateRange } from "../../../src/domain/report/dateRange";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { fixedSpendListPage, fixedSpendRow, spendListPerPage } from "../../../src/domain/spend/spendList";
import { fixedSpendListMachine, fixedSpendListSelectors as sel, type FixedSpendLoad } from "../../../src/machines/spend/fixedSpendList.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../fixtures";
import { fixedCostList, threeCosts } from "./fixedSpendFixtures";

const january: DateRange = { from: "2026-01-01", to: "2026-01-31" };
const february: DateRange = { from: "2026-02-01", to: "2026-02-28" };
const signedOut = { token: null, programs: [], programCode: null, range: null };

const isComplete = (s: SessionScope) => s.program !== null && s.range !== null;
const scopeWith = (programCode: string, range: DateRange): SessionScope => scopeOf({ programCode, range });

/**
 * The fixed spend list: waiting for a scope, loading, loaded or failed; search, sort and
 * pages over the loaded rows; each change of scope loads once with the new scope.
 */
export const fixedSpendListModel = defineMachineModel({
  name: "fixedSpendList",
  machine: fixedSpendListMachine,
  input: {
    signedIn: () => ({ session: recordingSessionActor(() => undefined) }),
    signedOut: () => ({ session: recordingSessionActor(() => undefined, signedOut) }),
  },
  events: {
    // One change at a time: the dates, the program, a sign-out, and signing in again.
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      const c = s.context.scope;
      if (!isComplete(c)) return { signedIn: { scope: scopeWith("acme", january) } };
      const [program, range] = [c.program?.code ?? "acme", c.range ?? january];
      return {
        dates: { scope: scopeWith(program, range.from === january.from ? february : january) },
        program: { scope: scopeWith(program === "acme" ? "beta" : "acme", range) },
        signedOut: { scope: scopeOf(signedOut) },
      };
    },
    "fixedSpend.searchChanged": { email: { search: "Email" }, nothing: { search: "nowhere" }, cleared: { search: "" } },
    "fixedSpend.sortChanged": { cost: { column: "cost" }, unknown: { column: "clicks" } },
    "fixedSpend.pageChanged": { second: { page: 2 }, pastTheLast: { page: 99 } },
  },
  actorOutcomes: {
    loadFixedCosts: { resolves: { three: threeCosts, forty: fixedCostList(40) }, rejects: { server: httpErrors.server } },
  },
  // The real warmer: it only works the loaded rows' search texts out between tasks, changing nothing the model observes.
  realActors: ["searchTextsWarmer"],
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({
    program: c.scope.program?.code ?? null,
    from: c.scope.range?.from ?? null,
    rows: c.rows.length,
    search: c.query.search,
    sort: `${c.query.sort.column} ${c.query.sort.direction}`,
    page: c.query.page,
  }),
  strategies: {
    shortest: { maxPaths: 60 },
    simple: { observe: null, maxPaths: 30 },
  },
  limit: 40_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    // Loading exactly while the load runs; nothing loads without a program and dates.
    invariant(sel.isLoading(after) === after.matches("loading"), "the loading indicator is the loading state");
    if (!isComplete(c.scope)) invariant(after.matches("waiting"), "without a program and dates the list waits");
    // A failed load only stops the indicator: no rows.
    if (after.matches("failed")) invariant(c.rows.length === 0 && sel.total(after) === 0, "a failed load shows no rows");
    // What is shown is the list rules over the rows: searched, sorted, 15 a page, never past the last.
    const expected = fixedSpendListPage(c.rows, c.query, { locale: c.scope.program?.locale ?? null });
    invariant(JSON.stringify(sel.pageRows(after).map((r) => r.id)) === JSON.stringify(expected.rows.map((r) => r.id)), "the page is the list rules' page");
    invariant(sel.pageRows(after).length <= spendListPerPage, "at most 15 rows a page");
    invariant(c.query.page >= 1 && c.query.page <= Math.max(1, sel.pageCount(after)), `page ${c.query.page} of ${sel.pageCount(after)}`);
    invariant(c.query.sort.column === "id" || c.query.sort.column === "cost", "only a list column sorts");
    // Rows are the answer's configurations as list rows.
    if (action.kind === "actor" && action.outcome === "resolves") {
      const answer = action.value as typeof threeCosts;
      invariant(JSON.stringify(c.rows) === JSON.stringify(answer.data.map(fixedSpendRow)), "the rows are the answer's");
    }
    // A search starts on the first page.
    if (action.kind === "event" && action.event.type === "fixedSpend.searchChanged") invariant(c.query.page === 1, "a search starts on page 1");
    // Loads: one at the start (when signed in) and one for each other complete scope, with that scope.
    const starts = newCalls.filter((x) => x.kind === "actor");
    let expectedStarts = 0;
    if (action.kind === "init") expectedStarts = isComplete(c.scope) ? 1 : 0;
    if (action.kind === "event" && action.event.type === "session.scopeChanged" && before) {
      expectedStarts = isComplete(c.scope) ? 1 : 0;
      invariant(c.rows.length === 0 && c.query.page === 1, "another scope drops the rows and starts on page 1");
      invariant(c.query.search === before.context.query.search && c.query.sort === before.context.query.sort, "another scope keeps the search and the sort");
    }
    invariant(starts.length === expectedStarts, `${expectedStarts} load(s) expected, ${starts.length} started`);
    for (const start of starts) {
      const load = start.payload as FixedSpendLoad;
      invariant(load.program === c.scope.program?.code && load.range.from === c.scope.range?.from, "a load asks for the list's scope");
    }
  },
});
