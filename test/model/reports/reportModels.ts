import type { DateRange } from "../../../src/domain/report/dateRange";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { quietReportScopeListener, scopeOf } from "../fixtures";
import { invariant, type Call, type StepAction } from "../harness";

/**
 * What the analysis reports' models share: the scopes a session moves between, the quiet
 * scope listener (runs hear of scope changes only from the model's own events) and, for the
 * reports that sort and page one answer's rows locally (funnel, initiator rating), their runs
 * and the invariants every step keeps.
 */

export const january: DateRange = { from: "2026-01-01", to: "2026-01-31" };
export const february: DateRange = { from: "2026-02-01", to: "2026-02-28" };
const signedOut = { token: null, programs: [], programCode: null, range: null };

/** A scope with a program and dates: something to load. */
export const complete = (s: SessionScope) => s.program !== null && s.range !== null;

/** The `session.scopeChanged` events of a step: January once signed in; then the other month's dates, or signed out. */
export const scopeChanges = (s: { readonly context: { readonly scope: SessionScope } }): Record<string, { scope: SessionScope }> => {
  const c = s.context.scope;
  if (!complete(c)) return { signedIn: { scope: scopeOf({ range: january }) } };
  return {
    dates: { scope: scopeOf({ range: c.range?.from === january.from ? february : january }) },
    signedOut: { scope: scopeOf(signedOut) },
  };
};

/** The runs' implementations: the scope listener tells nothing. */
export const quietScope = () => ({ actors: { sessionScopeListener: quietReportScopeListener } });

/** The path strategies and step limit of a local-table report's model. */
export const rowsReportRuns = {
  strategies: {
    shortest: { maxPaths: 60, transitions: false },
    simple: { observe: null, maxPaths: 20 },
  },
  limit: 40_000,
} as const;

/** What the shared invariants read of a local-table report's snapshot. */
interface RowsReportSnapshot {
  readonly context: {
    readonly scope: SessionScope;
    readonly page: number;
    readonly columns: ReadonlyArray<string>;
    readonly sorted: ReadonlyArray<{ readonly taxonomy_1?: string }>;
  };
}

/** A local-table report as its invariants see it. */
export interface RowsReportShape<S> {
  /** Whether the snapshot is in this `data` state. */
  readonly inData: (s: S, state: "waiting" | "loading" | "failed") => boolean;
  readonly sel: {
    readonly isLoading: (s: S) => boolean;
    readonly total: (s: S) => number;
    readonly pageRows: (s: S) => ReadonlyArray<unknown>;
    readonly pageCount: (s: S) => number;
  };
  readonly perPage: number;
  readonly columnNames: ReadonlyArray<string>;
  /** The sort event's type and the load actor's name. */
  readonly sorted: string;
  readonly load: string;
}

/**
 * The invariants of every step of a local-table report: the loading status is the loading
 * state; without a program and dates it waits; no rows without an answer; at most a page of
 * rows, never past the last page once settled; 'None' last in every sort; its own columns,
 * at least one; a sort starts on page 1; one load each time loading is entered (a first
 * complete scope, a new one), none for the same scope.
 */
export const checkRowsReport = <S extends RowsReportSnapshot>(
  step: { readonly action: StepAction; readonly before: S | undefined; readonly after: S; readonly newCalls: ReadonlyArray<Call> },
  report: RowsReportShape<S>,
) => {
  const { action, before, after, newCalls } = step;
  const { sel } = report;
  const c = after.context;
  invariant(sel.isLoading(after) === report.inData(after, "loading"), "the loading status is the loading state");
  if (!complete(c.scope)) invariant(report.inData(after, "waiting"), "without a program and dates the report waits");
  if (report.inData(after, "failed") || report.inData(after, "waiting")) invariant(sel.total(after) === 0, "no rows without a loaded answer");
  invariant(sel.pageRows(after).length <= report.perPage, `at most ${report.perPage} rows a page`);
  // A link's page waits for the rows; once an answer is in (or none will come), never past the last page.
  const settled = !report.inData(after, "loading") && !report.inData(after, "waiting");
  invariant(c.page >= 1 && (!settled || c.page <= sel.pageCount(after)), `page ${c.page} of ${sel.pageCount(after)}`);
  const names = c.sorted.map((r) => r.taxonomy_1);
  if (names.includes("None")) invariant(names.at(-1) === "None", "'None' is the last row in every sort");
  invariant(c.columns.length >= 1 && c.columns.every((col) => report.columnNames.includes(col)), "the visible columns are the report's own");
  if (action.kind === "event" && action.event.type === report.sorted) invariant(c.page === 1, "a sort starts on page 1");
  const loads = newCalls.filter((x) => x.kind === "actor" && x.name === report.load);
  const wasComplete = before ? complete(before.context.scope) : false;
  const scopeMoved = action.kind === "event" && action.event.type === "session.scopeChanged" && complete(c.scope) && (!wasComplete || before?.context.scope.range?.from !== c.scope.range?.from);
  const expected = action.kind === "init" ? (complete(c.scope) ? 1 : 0) : scopeMoved ? 1 : 0;
  invariant(loads.length === expected, `${expected} load(s) expected, ${loads.length} made`);
};
