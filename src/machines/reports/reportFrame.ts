import type { SessionScope } from "../../domain/report/reportScope";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import type { ReportNameParts } from "../../domain/exports/exportNaming";
import { exportDialogMachine, type ExportDialogActorRef, type ExportOpened } from "../exports/exportDialog.machine";
import { openingScope, sessionScopeActors, type SessionSource } from "../shell/sessionScope";
import { reportCallOf, reportScopeGuards, type ReportCall, type ScopedReport } from "./reportScope";

/**
 * The frame every analysis report's machine is built in, the same for every report:
 *
 * - its context opens with `openingReport(input)` (the session, the scope it opened
 *   with, the route's taxonomy values);
 * - its `setup` registers `reportFrameActors` (the session's scope listener and the
 *   Export Data dialog), `reportFrameGuards` (scope following) and the actions
 *   `keepScope: assign(keepScopeAssignment)` and
 *   `spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId })`;
 * - the machine invokes `followSessionScope` and spawns the dialog on entry
 *   (`entry: "spawnExportDialog"`), a child for the report's whole life, read by the view
 *   through the selector `exportDialogOf`;
 * - its `data` region is one of reportData.ts's (`rowsDataStates`, `seriesDataStates`) or
 *   its own, and its status the region's state (`dataStatusOf`).
 */

/** The page's Export Data dialog: the child's id. */
export const exportDialogId = "exportDialog";

/** The actors every report registers: the scope listener and the Export Data dialog. */
export const reportFrameActors = { ...sessionScopeActors, exportDialog: exportDialogMachine } as const;

/** The guards every report registers (scope following). */
export const reportFrameGuards = reportScopeGuards;

/** What a report's page gives its machine: the session, the route's taxonomy values, and the URL's query when it opens (a shared link's choices). */
export interface ReportRouteInput {
  readonly session: SessionSource;
  /** The taxonomy values of the route (0 to 3). */
  readonly path: ReadonlyArray<string>;
  /** The query of the page's URL when it opens. */
  readonly search?: string;
}

/** The context every report keeps: its session, the scope it loads, the route's taxonomy values. */
export interface RouteReport extends ScopedReport {
  readonly path: ReadonlyArray<string>;
}

/** The context a route's report opens with. */
export const openingReport = (input: ReportRouteInput): RouteReport => ({ session: input.session, scope: openingScope(input.session), path: input.path });

/** A report's load call for its route: where calls go, and the program, dates and path of its scope. */
export interface RouteCall {
  readonly api: ReportCall["api"];
  readonly scope: { readonly program: string; readonly range: ReportCall["range"]; readonly path: ReadonlyArray<string> };
}

/** The route call of a report's context. */
export const routeCallOf = ({ context }: { readonly context: RouteReport }): RouteCall => {
  const call = reportCallOf(context.scope);
  return { api: call.api, scope: { program: call.program, range: call.range, path: context.path } };
};

/** The same, with the session's named filter (the performance-family reports take it). */
export const filteredRouteCallOf = ({ context }: { readonly context: RouteReport }) => {
  const call = routeCallOf({ context });
  return { api: call.api, scope: { ...call.scope, filter: context.scope.filter } };
};

/** How an export's file is named: the program's name, the report's kind and the scope's dates. */
export const exportNamingOf = (scope: SessionScope, reportKind: string): ReportNameParts => ({
  programName: scope.program?.name ?? "",
  reportKind,
  from: scope.range?.from ?? "",
  to: scope.range?.to ?? "",
});

/** The view's selector of the report's Export Data dialog. */
export const exportDialogOf = (s: { readonly children: Readonly<Record<string, unknown>> }): ExportDialogActorRef | undefined =>
  s.children[exportDialogId] as ExportDialogActorRef | undefined;

/** What a report's table export opens the Export Data dialog with: its columns and rows, named (and its sheet) after the report's kind and the scope's dates, in no sort. */
export const tableExportOf = (
  scope: SessionScope,
  reportKind: string,
  table: Pick<ExportOpened, "columns" | "visibleColumns" | "taxonomyColumns" | "labels" | "rows">,
): ExportOpened => ({
  type: "export.opened",
  kind: "table",
  ...table,
  naming: exportNamingOf(scope, reportKind),
  sort: null,
  sheetName: reportKind,
});

/** The selectors every report with an export offers its view: the program's currency and locale (figures' formats) and the Export Data dialog. */
export const reportFrameSelectors = {
  currency: (s: { readonly context: ScopedReport }): string | null => s.context.scope.program?.currency ?? null,
  locale: (s: { readonly context: ScopedReport }): string | null => s.context.scope.program?.locale ?? null,
  exportDialog: exportDialogOf,
} as const;

/** A snapshot whose `data` region is one of reportData.ts's. */
type SettledStatus = Exclude<ReportStatus, "ready">;
interface DataSnapshot {
  matches(state: { readonly data: SettledStatus }): boolean;
}

const statuses: ReadonlyArray<SettledStatus> = ["waiting", "loading", "failed", "empty"];

/** The report's status: the state of its `data` region (`ready` for any other). */
export const dataStatusOf = (s: DataSnapshot): ReportStatus => statuses.find((status) => s.matches({ data: status })) ?? "ready";

