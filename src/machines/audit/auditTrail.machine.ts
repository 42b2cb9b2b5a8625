import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import { auditTexts } from "../../domain/audit/auditTexts";
import { auditDaysOf, auditQueryShape, type AuditChoices } from "../../domain/audit/auditQuery";
import type { AuditExport, AuditKind, AuditLine } from "../../domain/audit/auditTrail";
import type { ExportRow } from "../../domain/exports/exportCells";
import type { Person } from "../../domain/people/people";
import type { AdminProgram } from "../../domain/programs/programAdmin";
import { formatUtcMinute } from "../../domain/report/dateFormat";
import { readReportQuery } from "../../domain/report/reportQuery";
import { exportAuditTrail, loadAuditScreen, type AuditFilter, type AuditScreenData } from "../../services/audit/auditTrail";
import { isHttpError, type HttpError } from "../../services/http/httpErrors";
import type { ExportDialogActorRef, ExportOpened } from "../exports/exportDialog.machine";
import { adminRefusalGuards, adminRefusedState, notifyToasts } from "../reports/adminRefusal";
import { exportDialogId, exportDialogOf, reportFrameActors } from "../reports/reportFrame";
import { followSessionScope, keepScopeAssignment, openingScope, type SessionScopeChanged, type SessionSource } from "../reports/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import { apiScopeGuards, followScopeLoad, loadStates, loadStatusOf, type LoadStatus } from "../screenLoad/loadStates";
import { dateRangePickerMachine, type DateRangePickerActorRef } from "../shell/dateRangePicker.machine";
import type { ScopedScreen } from "../shell/sessionScope";

/**
 * The Audit screen (/admin/audit, admins; docs/architecture.md, "Audit trail"): the trail newest
 * first, a page at a time, filtered by person, program, kind and days, with the people and programs to
 * filter by. Like the People screen it needs only the signed-in API context. Its filters and page are
 * its link's (`domain/audit/auditQuery.ts`, read once from `search`; the view writes them back).
 *
 * `waiting` (no token yet), `loading`, `failed` ('Try again'), `refused` (a 403: the admin refusal,
 * then /), or `ready`, where a filter or a page loads again (from the first page for a filter). The
 * days are chosen with the shared date range picker, the screen's child `auditDays`, which tells the
 * screen `audit.daysChosen` (UTC days, as the trail's); 'audit.daysCleared' is any day again.
 * 'Export Data' is `exporting`: every line the filters keep (GET admin/audit/export), then its Export
 * Data dialog (its child) with them; a refusal (more than the export holds) or a failure is said in
 * the toasts and the screen stays as it was.
 */

export interface AuditTrailInput {
  readonly session: AnyActorRef & SessionSource;
  readonly toasts?: AnyActorRef | null;
  /** The page's URL query, read once (`auditQueryShape`). */
  readonly search?: string;
}

export interface AuditTrailContext extends ScopedScreen {
  readonly session: AnyActorRef & SessionSource;
  readonly toasts: AnyActorRef | null;
  readonly filter: AuditFilter;
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  readonly lines: ReadonlyArray<AuditLine>;
  readonly people: ReadonlyArray<Person>;
  readonly programs: ReadonlyArray<AdminProgram>;
}

export type AuditTrailEvent =
  | SessionScopeChanged
  | { readonly type: "audit.retried" }
  | { readonly type: "audit.personChosen"; readonly person: number | null }
  | { readonly type: "audit.programChosen"; readonly program: string | null }
  | { readonly type: "audit.kindChosen"; readonly kind: AuditKind | null }
  /** From the screen's date range picker (`auditDays`). */
  | { readonly type: "audit.daysChosen"; readonly from: string; readonly to: string }
  | { readonly type: "audit.daysCleared" }
  | { readonly type: "audit.pageChosen"; readonly page: number }
  | { readonly type: "audit.exportAsked" };

/** The export's input: the API context and the filter. */
export interface AuditExportCall {
  readonly api: AuditTrailContext["scope"]["api"];
  readonly filter: AuditFilter;
}

/** The screen's date range picker's id (its child). */
export const auditDaysId = "auditDays";

/** The load's input: the API context, the filter and the page. */
export interface AuditCall {
  readonly api: AuditTrailContext["scope"]["api"];
  readonly filter: AuditFilter;
  readonly page: number;
}

type Context = AuditTrailContext;

const t = auditTexts;

const auditCallOf = ({ context }: { readonly context: Context }): AuditCall => ({ api: context.scope.api, filter: context.filter, page: context.page });

const exportCallOf = ({ context }: { readonly context: Context }): AuditExportCall => ({ api: context.scope.api, filter: context.filter });

const failureOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;

const followScope = { "session.scopeChanged": followScopeLoad({ waiting: "#auditTrail.waiting", loading: "#auditTrail.loading" }, "forgetAll") } as const;

const refusedOnForbidden = { guard: { type: "isForbidden", params: failureOf }, target: "#auditTrail.refused" } as const;

const auditLoad = loadStates({ src: "loadAudit", input: auditCallOf, keep: "keepAudit", retried: "audit.retried", failures: [refusedOnForbidden] });

/** The export's columns, in order, with their headers. */
export const auditExportColumns = ["when", "who", "kind", "program", "object", "action", "before", "after"] as const;
const exportLabels: Readonly<Record<(typeof auditExportColumns)[number], string>> = {
  when: t.columns.when,
  who: t.columns.who,
  kind: t.columns.kind,
  program: t.columns.program,
  object: t.columns.object,
  action: t.columns.action,
  before: "Before",
  after: "After",
};

/** A line as the export writes it: the words the table shows, and the whole before and after. */
export const auditExportRow = (line: AuditLine): ExportRow => ({
  when: formatUtcMinute(line.at),
  who: line.user_name,
  kind: t.kinds[line.kind],
  program: line.program ?? "",
  object: line.object,
  action: t.actions[line.action],
  before: line.before ?? "",
  after: line.after ?? "",
});

/** What the toasts say of an export that did not come: the server's words for a refusal (too many lines), else the screen's. */
const exportFailureText = (error: unknown): string => (isHttpError(error) && error._tag === "ClientError" ? error.message : t.exportFailed);

const exportOpenedOf = (context: Context, lines: ReadonlyArray<AuditLine>): ExportOpened => ({
  type: "export.opened",
  kind: "table",
  columns: auditExportColumns,
  visibleColumns: auditExportColumns,
  taxonomyColumns: [],
  labels: exportLabels,
  naming: { programName: context.filter.program ?? "", reportKind: t.exportKind, from: context.filter.from ?? "", to: context.filter.to ?? "" },
  rows: lines.map(auditExportRow),
  sheetName: t.exportKind,
});

export const auditTrailMachine = setup({
  types: {
    context: {} as Context,
    events: {} as AuditTrailEvent,
    input: {} as AuditTrailInput,
  },
  actors: {
    ...reportFrameActors,
    loadAudit: fromApiCall<AuditScreenData, AuditCall, HttpError>(({ filter, page }) => loadAuditScreen(filter, page)),
    exportAudit: fromApiCall<AuditExport, AuditExportCall, HttpError>(({ filter }) => exportAuditTrail(filter)),
    dateRangePicker: dateRangePickerMachine,
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    spawnDaysPicker: spawnChild("dateRangePicker", { id: auditDaysId, input: ({ self }) => ({ session: self, appliedAs: "audit.daysChosen" }) }),
    keepAudit: assign((_, answer: AuditScreenData) => ({
      lines: answer.trail.data,
      page: answer.trail.page,
      pages: answer.trail.pages,
      total: answer.trail.total,
      people: answer.people,
      programs: answer.programs,
    })),
    forgetAll: assign({ lines: () => [], page: () => 1, pages: () => 1, total: () => 0, people: () => [], programs: () => [] }),
    choosePerson: assign(({ context }, person: number | null) => ({ filter: { ...context.filter, person }, page: 1 })),
    chooseProgram: assign(({ context }, program: string | null) => ({ filter: { ...context.filter, program }, page: 1 })),
    chooseKind: assign(({ context }, kind: AuditKind | null) => ({ filter: { ...context.filter, kind }, page: 1 })),
    chooseDays: assign(({ context }, days: { readonly from: string; readonly to: string }) => ({ filter: { ...context.filter, ...days }, page: 1 })),
    clearDays: assign(({ context }) => ({ filter: { ...context.filter, from: null, to: null }, page: 1 })),
    choosePage: assign((_, page: number) => ({ page })),
    openExport: sendTo(exportDialogId, ({ context }, lines: ReadonlyArray<AuditLine>) => exportOpenedOf(context, lines)),
    notify: notifyToasts,
    goHome: () => {},
  },
  guards: {
    ...adminRefusalGuards,
    ...apiScopeGuards,
    isOtherPage: ({ context }, page: number) => Number.isInteger(page) && page >= 1 && page <= context.pages && page !== context.page,
    hasLines: ({ context }) => context.lines.length > 0,
    hasDays: ({ context }) => context.filter.from !== null,
    /** Days the trail can be asked for: both ends, in order (the picker's own rule keeps others out). */
    isDayRange: (_, days: { readonly from: string; readonly to: string }) => days.from !== "" && days.to !== "" && days.from <= days.to,
  },
}).createMachine({
  id: "auditTrail",
  context: ({ input }) => {
    const choices: AuditChoices = readReportQuery(input.search ?? "", auditQueryShape);
    return {
      session: input.session,
      scope: openingScope(input.session),
      toasts: input.toasts ?? null,
      filter: { person: choices.person, program: choices.program, kind: choices.kind, ...auditDaysOf(choices) },
      page: choices.page,
    pages: 1,
    total: 0,
      lines: [],
      people: [],
      programs: [],
    };
  },
  entry: ["spawnExportDialog", "spawnDaysPicker"],
  invoke: followSessionScope,
  initial: "waiting",
  states: {
    waiting: { ...auditLoad.waiting, on: followScope },
    loading: { ...auditLoad.loading, on: followScope },
    failed: { on: { ...followScope, ...auditLoad.failed.on } },
    refused: adminRefusedState,
    ready: {
      on: {
        ...followScope,
        "audit.personChosen": { target: "loading", actions: { type: "choosePerson", params: ({ event }) => event.person } },
        "audit.programChosen": { target: "loading", actions: { type: "chooseProgram", params: ({ event }) => event.program } },
        "audit.kindChosen": { target: "loading", actions: { type: "chooseKind", params: ({ event }) => event.kind } },
        "audit.pageChosen": {
          guard: { type: "isOtherPage", params: ({ event }) => event.page },
          target: "loading",
          actions: { type: "choosePage", params: ({ event }) => event.page },
        },
        "audit.daysChosen": {
          guard: { type: "isDayRange", params: ({ event }) => ({ from: event.from, to: event.to }) },
          target: "loading",
          actions: { type: "chooseDays", params: ({ event }) => ({ from: event.from, to: event.to }) },
        },
        "audit.daysCleared": { guard: "hasDays", target: "loading", actions: "clearDays" },
        "audit.exportAsked": { guard: "hasLines", target: "exporting" },
      },
    },
    exporting: {
      on: followScope,
      invoke: {
        src: "exportAudit",
        input: exportCallOf,
        onDone: { target: "ready", actions: { type: "openExport", params: ({ event }) => event.output.data } },
        onError: [
          { guard: { type: "isForbidden", params: failureOf }, target: "refused" },
          { target: "ready", actions: { type: "notify", params: ({ event }) => ({ text: exportFailureText(event.error), kind: "error" as const }) } },
        ],
      },
    },
  },
});

type Snap = SnapshotFrom<typeof auditTrailMachine>;

/** Named selectors: the view reads the screen only through these. */
export const auditTrailSelectors = {
  status: (s: Snap): LoadStatus => loadStatusOf(s, s.context.lines.length),
  lines: (s: Snap) => s.context.lines,
  filter: (s: Snap) => s.context.filter,
  page: (s: Snap) => s.context.page,
  pages: (s: Snap) => s.context.pages,
  total: (s: Snap) => s.context.total,
  people: (s: Snap) => s.context.people,
  programs: (s: Snap) => s.context.programs,
  /** Whether the filters and pages may be used (nothing loading or exporting). */
  isReady: (s: Snap) => s.matches("ready"),
  isExporting: (s: Snap) => s.matches("exporting"),
  /** The filters and page as the link carries them. */
  choices: (s: Snap): AuditChoices => ({ ...s.context.filter, page: s.context.page }),
  daysPicker: (s: Snap): DateRangePickerActorRef | undefined => s.children[auditDaysId] as DateRangePickerActorRef | undefined,
  exportDialog: (s: Snap): ExportDialogActorRef | undefined => exportDialogOf(s),
} satisfies Record<string, (s: Snap) => unknown>;

export type AuditTrailActorRef = ActorRefFrom<typeof auditTrailMachine>;
