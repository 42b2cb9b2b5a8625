import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import { auditTexts } from "../../domain/audit/auditTexts";
import type { AuditKind, AuditLine } from "../../domain/audit/auditTrail";
import type { ExportRow } from "../../domain/exports/exportCells";
import type { Person } from "../../domain/people/people";
import type { AdminProgram } from "../../domain/programs/programAdmin";
import { formatUtcMinute } from "../../domain/report/dateFormat";
import { anyAudit, loadAuditScreen, type AuditFilter, type AuditScreenData } from "../../services/audit/auditTrail";
import type { HttpError } from "../../services/http/httpErrors";
import type { ExportDialogActorRef, ExportOpened } from "../exports/exportDialog.machine";
import { adminRefusalGuards, adminRefusedState, notifyToasts } from "../reports/adminRefusal";
import { exportDialogId, exportDialogOf, reportFrameActors } from "../reports/reportFrame";
import { followSessionScope, keepScopeAssignment, openingScope, type SessionScopeChanged, type SessionSource } from "../reports/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import { apiScopeGuards, followScopeLoad, loadStates, loadStatusOf, type LoadStatus } from "../screenLoad/loadStates";
import type { ScopedScreen } from "../shell/sessionScope";

/**
 * The Audit screen (/admin/audit, admins; docs/architecture.md, "Audit trail"): the trail newest
 * first, a page at a time, filtered by person, program and kind, with the people and programs to
 * filter by. Like the People screen it needs only the signed-in API context.
 *
 * `waiting` (no token yet), `loading`, `failed` ('Try again'), `refused` (a 403: the admin refusal,
 * then /), or `ready`, where a filter or a page loads again (from the first page for a filter).
 * 'Export Data' opens its Export Data dialog (its child) with the page's lines.
 */

export interface AuditTrailInput {
  readonly session: AnyActorRef & SessionSource;
  readonly toasts?: AnyActorRef | null;
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
  | { readonly type: "audit.pageChosen"; readonly page: number }
  | { readonly type: "audit.exportAsked" };

/** The load's input: the API context, the filter and the page. */
export interface AuditCall {
  readonly api: AuditTrailContext["scope"]["api"];
  readonly filter: AuditFilter;
  readonly page: number;
}

type Context = AuditTrailContext;

const t = auditTexts;

const auditCallOf = ({ context }: { readonly context: Context }): AuditCall => ({ api: context.scope.api, filter: context.filter, page: context.page });

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

const exportOpenedOf = (context: Context): ExportOpened => ({
  type: "export.opened",
  kind: "table",
  columns: auditExportColumns,
  visibleColumns: auditExportColumns,
  taxonomyColumns: [],
  labels: exportLabels,
  naming: { programName: context.filter.program ?? "", reportKind: t.exportKind, from: "", to: "" },
  rows: context.lines.map(auditExportRow),
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
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
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
    choosePage: assign((_, page: number) => ({ page })),
    openExport: sendTo(exportDialogId, ({ context }) => exportOpenedOf(context)),
    notify: notifyToasts,
    goHome: () => {},
  },
  guards: {
    ...adminRefusalGuards,
    ...apiScopeGuards,
    isOtherPage: ({ context }, page: number) => Number.isInteger(page) && page >= 1 && page <= context.pages && page !== context.page,
    hasLines: ({ context }) => context.lines.length > 0,
  },
}).createMachine({
  id: "auditTrail",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    toasts: input.toasts ?? null,
    filter: anyAudit,
    page: 1,
    pages: 1,
    total: 0,
    lines: [],
    people: [],
    programs: [],
  }),
  entry: "spawnExportDialog",
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
        "audit.exportAsked": { guard: "hasLines", actions: "openExport" },
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
  /** Whether the filters and pages may be used (nothing loading). */
  isReady: (s: Snap) => s.matches("ready"),
  exportDialog: (s: Snap): ExportDialogActorRef | undefined => exportDialogOf(s),
} satisfies Record<string, (s: Snap) => unknown>;

export type AuditTrailActorRef = ActorRefFrom<typeof auditTrailMachine>;
