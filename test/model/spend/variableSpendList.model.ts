import type { DateRange } from "../../../src/domain/report/dateRange";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import type { VariableCostList } from "../../../src/domain/spend/costs";
import { spendListPerPage, spendListTexts, variableSpendListPage } from "../../../src/domain/spend/spendList";
import {
  variableSpendListMachine,
  variableSpendListSelectors as sel,
  type VariableSpendLoad,
  type VariableSpendRemoval,
} from "../../../src/machines/spend/variableSpendList.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, ok, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../fixtures";
import { threeEntries, variableCostList } from "./variableSpendFixtures";

const january: DateRange = { from: "2026-01-01", to: "2026-01-31" };
const february: DateRange = { from: "2026-02-01", to: "2026-02-28" };
const signedOut = { token: null, programs: [], programCode: null, range: null };

const hasProgram = (s: SessionScope) => s.program !== null;
const loadedCount = (rows: number) => (rows > threeEntries.data.length ? 40 : threeEntries.data.length);

/**
 * The variable spend list: waiting for a program, loading, loaded (idle, confirming,
 * removing) or failed; search, sort and pages over the loaded rows; a removal asked,
 * cancelled or confirmed, sent once and answered Ok, 404 or 500; each change of program
 * loads once, other dates load nothing. One removal per load, asked from the first page
 * without a search, keeps the graph small (removing the last row of a page and a second
 * removal are scenario tests).
 */
export const variableSpendListModel = defineMachineModel({
  name: "variableSpendList",
  machine: variableSpendListMachine,
  input: {
    signedIn: (rig) => ({ session: recordingSessionActor(() => undefined), toasts: rig.recorder("toasts") }),
    signedOut: (rig) => ({ session: recordingSessionActor(() => undefined, signedOut), toasts: rig.recorder("toasts") }),
  },
  events: {
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      const c = s.context.scope;
      if (!hasProgram(c)) return { signedIn: { scope: scopeOf({ programCode: "acme", range: january }) } };
      const [program, range] = [c.program?.code ?? "acme", c.range ?? january];
      return {
        dates: { scope: scopeOf({ programCode: program, range: range.from === january.from ? february : january }) },
        program: { scope: scopeOf({ programCode: program === "acme" ? "beta" : "acme", range }) },
        signedOut: { scope: scopeOf(signedOut) },
      };
    },
    "variableSpend.searchChanged": { paid: { search: "Paid Search" }, nothing: { search: "nowhere" }, cleared: { search: "" } },
    "variableSpend.sortChanged": { cost: { column: "cost" }, unknown: { column: "clicks" } },
    "variableSpend.pageChanged": { second: { page: 2 }, pastTheLast: { page: 99 } },
    "variableSpend.removeAsked": (s): Record<string, { id: number }> => {
      const rows = s.context.rows;
      const first = sel.pageRows(s)[0];
      const removedSoFar = loadedCount(rows.length) - rows.length;
      const fresh = s.context.query.search === "" && s.context.query.page === 1 && removedSoFar === 0;
      return first === undefined || !fresh ? { unknown: { id: 999 } } : { shown: { id: first.id }, unknown: { id: 999 } };
    },
    "variableSpend.removeConfirmed": [{}],
    "variableSpend.removeCancelled": [{}],
  },
  actorOutcomes: {
    loadVariableCosts: { resolves: { three: threeEntries, forty: variableCostList(40) }, rejects: { server: httpErrors.server } },
    deleteVariableCost: { resolves: { ok }, rejects: { notFound: httpErrors.notFound, server: httpErrors.server } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({
    program: c.scope.program?.code ?? null,
    rows: c.rows.length,
    search: c.query.search,
    sort: `${c.query.sort.column} ${c.query.sort.direction}`,
    page: c.query.page,
    removal: c.removal,
  }),
  strategies: {
    shortest: { maxPaths: 150 },
    simple: { observe: null, maxPaths: 30 },
  },
  limit: 60_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    invariant(sel.isLoading(after) === after.matches("loading"), "the loading indicator is the loading state");
    if (!hasProgram(c.scope)) invariant(after.matches("waiting"), "without a program the list waits");
    if (after.matches("failed")) invariant(c.rows.length === 0 && sel.total(after) === 0, "a failed load shows no rows");
    // What is shown is the list rules over the rows: searched, sorted, 15 a page, never past the last.
    const expected = variableSpendListPage(c.rows, c.query, { locale: c.scope.program?.locale ?? null });
    invariant(JSON.stringify(sel.pageRows(after).map((r) => r.id)) === JSON.stringify(expected.rows.map((r) => r.id)), "the page is the list rules' page");
    invariant(sel.pageRows(after).length <= spendListPerPage, "at most 15 rows a page");
    invariant(c.query.page >= 1 && c.query.page <= Math.max(1, sel.pageCount(after)), `page ${c.query.page} of ${sel.pageCount(after)}`);
    invariant(c.query.sort.column === "id" || c.query.sort.column === "cost", "only a list column sorts");
    // The question is open exactly while confirming or removing, and about a listed entry.
    const asking = after.matches({ loaded: "confirming" }) || after.matches({ loaded: "removing" });
    invariant((c.removal !== null) === asking, "an entry is asked about only while confirming or removing");
    if (asking) invariant(sel.removalAsked(after)?.id === c.removal, "the question is about a listed entry");
    if (action.kind === "actor" && action.src === "loadVariableCosts" && action.outcome === "resolves") {
      invariant(JSON.stringify(c.rows) === JSON.stringify((action.value as VariableCostList).data), "the rows are the answer's");
    }
    if (action.kind === "event" && action.event.type === "variableSpend.searchChanged") invariant(c.query.page === 1, "a search starts on page 1");
    // Deletes: one, only when a confirmation is confirmed, for the entry asked about.
    const deletes = newCalls.filter((x) => x.kind === "actor" && x.name === "deleteVariableCost");
    const confirmed = action.kind === "event" && action.event.type === "variableSpend.removeConfirmed" && before?.matches({ loaded: "confirming" }) === true;
    invariant(deletes.length === (confirmed ? 1 : 0), `${confirmed ? 1 : 0} delete(s) expected, ${deletes.length} sent`);
    for (const d of deletes) {
      const removal = d.payload as VariableSpendRemoval;
      invariant(removal.id === before?.context.removal && removal.program === c.scope.program?.code, "a delete asks for the entry confirmed, in the list's program");
    }
    // A delete's answer: Ok and 404 drop the row (only Ok with the toast); another failure keeps it.
    const toasts = newCalls.filter((x) => x.kind === "received" && x.name === "toasts");
    if (action.kind === "actor" && action.src === "deleteVariableCost" && before) {
      const id = before.context.removal;
      const dropped = action.outcome === "resolves" || action.value === httpErrors.notFound;
      invariant(c.rows.some((r) => r.id === id) === !dropped, dropped ? "the removed row leaves" : "a refused delete keeps the row");
      invariant(c.rows.length === before.context.rows.length - (dropped ? 1 : 0), "only that row changes");
      const said = action.outcome === "resolves" ? [{ type: "toast.shown", text: spendListTexts.removed, kind: "info" }] : [];
      invariant(JSON.stringify(toasts.map((t) => t.payload)) === JSON.stringify(said), "the removed toast once, only after Ok");
    } else {
      invariant(toasts.length === 0, "no toast but after a removal");
    }
    // Loads: one at the start (with a program) and one for each other program, never for other dates or a removal.
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadVariableCosts");
    let expectedLoads = 0;
    if (action.kind === "init") expectedLoads = hasProgram(c.scope) ? 1 : 0;
    if (action.kind === "event" && action.event.type === "session.scopeChanged" && before) {
      const otherProgram = (before.context.scope.program?.code ?? null) !== (c.scope.program?.code ?? null);
      expectedLoads = otherProgram && hasProgram(c.scope) ? 1 : 0;
      if (otherProgram) {
        invariant(c.rows.length === 0 && c.query.page === 1 && c.removal === null, "another program drops the rows and starts on page 1");
      } else {
        invariant(c.rows === before.context.rows && c.query === before.context.query, "other dates keep the rows and the query");
      }
      invariant(c.query.search === before.context.query.search && c.query.sort === before.context.query.sort, "a scope change keeps the search and the sort");
    }
    invariant(loads.length === expectedLoads, `${expectedLoads} load(s) expected, ${loads.length} started`);
    for (const start of loads) invariant((start.payload as VariableSpendLoad).program === c.scope.program?.code, "a load asks for the list's program");
  },
});
