import type { CustomReport } from "../../../src/domain/customReports/customReports";
import { customReportsTexts } from "../../../src/domain/customReports/customReportsTexts";
import { draftProblems, draftQuery, isPreviewable } from "../../../src/domain/customReports/reportDraft";
import type { PerformanceRow } from "../../../src/domain/performance/performance";
import { metricNames } from "../../../src/domain/report/metrics";
import { customReportBuilderMachine, customReportBuilderSelectors as builderSel, previewDelayMs } from "../../../src/machines/customReports/customReportBuilder.machine";
import { customReportListMachine, customReportListSelectors as listSel } from "../../../src/machines/customReports/customReportList.machine";
import { customReportViewMachine, customReportViewSelectors as viewSel } from "../../../src/machines/customReports/customReportView.machine";
import { programReportsMachine, programReportsSelectors as programReportsSel } from "../../../src/machines/customReports/programReports.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, ok, scopeOf, sessionOf } from "../fixtures";
import { quietScope, scopeChanges } from "../reports/reportModels";

const returning: CustomReport = { id: 3, name: "Returning", level: "taxonomy_2", rules: [{ field: "customer_type", operator: "=", value: "returning" }], meta: {} };
const cash: CustomReport = { id: 5, name: "Cash", level: "taxonomy_1", rules: [], meta: {} };

const rowOf = (name: string, revenue: number): PerformanceRow =>
  ({ taxonomy_1: name, ...Object.fromEntries(metricNames.map((m) => [m, 0])), attributed_revenue: revenue, attributed_sales: 1 }) as PerformanceRow;
const twenty: ReadonlyArray<PerformanceRow> = Array.from({ length: 20 }, (_, i) => rowOf(`Channel ${i + 1}`, i * 10));
const table = (rows: ReadonlyArray<PerformanceRow>) => ({ data: rows, column_headers: {}, total: rows.length });

/**
 * The custom report list: loading, ready (idle, confirming, removing), failed with 'Try
 * again'; a deletion that works drops the row and says so, one that fails keeps it and
 * says what went wrong, a report already gone leaves.
 */
export const customReportListModel = defineMachineModel({
  name: "customReportList",
  machine: customReportListMachine,
  input: () => ({ session: sessionOf() }),
  events: {
    "session.scopeChanged": scopeChanges,
    "reports.retried": [{}],
    "reports.removeAsked": { listed: { id: 3 }, unlisted: { id: 99 } },
    "reports.removeCancelled": [{}],
    "reports.removeConfirmed": [{}],
    "reports.noticeDismissed": [{}],
  },
  actorOutcomes: {
    loadReports: { resolves: { two: { data: [returning, cash] }, none: { data: [] } }, rejects: { network: httpErrors.network } },
    removeReport: { resolves: { ok }, rejects: { server: httpErrors.server, gone: httpErrors.notFound } },
  },
  provide: quietScope,
  observe: (c) => ({ ids: c.reports.map((r) => r.id), target: c.target?.id ?? null, notice: c.notice?.tone ?? null }),
  check: ({ before, after, action }) => {
    const removed = before !== undefined && before.matches({ ready: "removing" }) && action.kind === "actor";
    if (removed && action.kind === "actor" && action.label === "server") {
      invariant(listSel.reports(after).length === listSel.reports(before).length, "a failed deletion keeps the row");
      invariant(listSel.notice(after)?.text === customReportsTexts.list.removeFailed("Returning"), "and says what went wrong");
    }
    if (removed && action.kind === "actor" && action.label !== "server") {
      invariant(!listSel.reports(after).some((r) => r.id === 3), "a deleted (or gone) report leaves the list");
    }
    invariant(listSel.confirming(after) === null || listSel.confirming(after)?.id === 3, "only a listed report is asked about");
  },
});

/**
 * The builder: the preview waits for a program and dates, asks once the named delay after
 * the last change of the table (never for a name change), waits while a rule has a
 * problem; Save over problems shows them and keeps the draft, a good draft is saved once.
 */
export const customReportBuilderModel = defineMachineModel({
  name: "customReportBuilder",
  machine: customReportBuilderMachine,
  input: {
    fresh: () => ({ session: sessionOf(), search: "", formId: "form-1" }),
    shared: () => ({ session: sessionOf(), search: draftQuery({ name: "Returning", level: "taxonomy_2", rules: returning.rules }), formId: "form-1" }),
    // A hand-made link with one rule twice: the preview waits from the start.
    twice: () => ({ session: sessionOf(), search: draftQuery({ name: "Twice", level: "taxonomy_1", rules: [...returning.rules, ...returning.rules] }), formId: "form-1" }),
  },
  events: {
    "session.scopeChanged": scopeChanges,
    "builder.edited": {
      named: { change: { kind: "name", name: "Cash" } },
      ruleAdded: { change: { kind: "ruleAdded" } },
      firstRemoved: { change: { kind: "ruleRemoved", index: 0 } },
    },
    "builder.saveRequested": [{}],
    "preview.sorted": { revenue: { column: "attributed_revenue" } },
    "preview.paged": { second: { page: 2 } },
    "preview.retried": [{}],
  },
  actorOutcomes: {
    loadPreview: { resolves: { twenty: table(twenty), none: table([]) }, rejects: { server: httpErrors.server } },
    saveReport: { resolves: { created: { data: { id: 12 } } }, rejects: { network: httpErrors.network } },
  },
  delays: { previewDelay: previewDelayMs },
  provide: quietScope,
  observe: (c) => ({ name: c.draft.name, rules: Math.min(c.draft.rules.length, 3), shown: c.sorted.length, page: c.page, all: c.showAllProblems, failed: c.saveFailed }),
  strategies: {
    shortest: { maxPaths: 60, transitions: false },
    simple: { observe: null, maxPaths: 20 },
  },
  limit: 40_000,
  check: ({ after, newCalls }) => {
    for (const call of newCalls.filter((c) => c.kind === "actor" && c.name === "loadPreview")) {
      invariant(isPreviewable(draftProblems(after.context.draft)), "a preview is asked only for a draft whose rules are fine");
      invariant(JSON.stringify((call.payload as { definition: unknown }).definition) === JSON.stringify({ level: after.context.draft.level, rules: after.context.draft.rules }), "for the draft as it is");
    }
    if (builderSel.previewStatus(after) === "invalid") invariant(!isPreviewable(draftProblems(after.context.draft)), "the preview waits only for a problem");
    invariant(builderSel.pageRows(after).length <= 15, "15 rows a page");
  },
});

/** A saved report's view: loading, ready, empty, not found, failed with 'Try again'; sort and pages of 15. */
export const customReportViewModel = defineMachineModel({
  name: "customReportView",
  machine: customReportViewMachine,
  input: { saved: () => ({ session: sessionOf(), id: "3" }), word: () => ({ session: sessionOf(), id: "abc" }) },
  events: {
    "session.scopeChanged": scopeChanges,
    "view.sorted": { name: { column: "taxonomy_1" } },
    "view.paged": { second: { page: 2 } },
    "view.retried": [{}],
  },
  actorOutcomes: {
    loadReportView: { resolves: { twenty: { report: returning, rows: twenty }, none: { report: returning, rows: [] } }, rejects: { gone: httpErrors.notFound, server: httpErrors.server } },
  },
  provide: quietScope,
  observe: (c) => ({ rows: c.sorted.length, page: c.page, sort: c.sort.column }),
  check: ({ after }) => {
    invariant(viewSel.pageRows(after).length <= 15, "15 rows a page");
    const sum = viewSel.sortedRows(after).reduce((total, row) => total + row.attributed_revenue, 0);
    invariant(viewSel.footer(after).attributed_revenue === sum, "the Total adds up every row");
    if (viewSel.status(after) === "notFound") invariant(viewSel.report(after) === null, "no report is shown where the program has none");
  },
});

/**
 * The program's saved reports, for the main menu: none held until the server's list
 * answers, nor after a failure, nor once the program changes (until its own list answers).
 */
export const programReportsModel = defineMachineModel({
  name: "programReports",
  machine: programReportsMachine,
  input: () => ({ session: sessionOf() }),
  events: {
    "session.scopeChanged": (s) => ({ ...scopeChanges(s), otherProgram: { scope: scopeOf({ programCode: s.context.scope.program?.code === "beta" ? "acme" : "beta" }) } }),
    "programReports.retried": [{}],
  },
  actorOutcomes: {
    loadReports: { resolves: { withReport: { data: [returning, cash] }, none: { data: [] } }, rejects: { network: httpErrors.network } },
  },
  provide: quietScope,
  observe: (c) => ({ program: c.scope.program?.code ?? null, ids: c.reportIds }),
  check: ({ after }) => {
    const ids = programReportsSel.reportIds(after);
    invariant(after.matches("ready") || ids.length === 0, "no report is held while the list is not known (waiting, loading, failed)");
  },
});
