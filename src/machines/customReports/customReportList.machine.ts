import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { CustomReport, CustomReportList } from "../../domain/customReports/customReports";
import { customReportsTexts } from "../../domain/customReports/customReportsTexts";
import { listCustomReports, removeCustomReport } from "../../services/customReports/customReports";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import {
  keepScopeAssignment,
  sessionScopeActors,
  openingScope,
  followSessionScope,
  type ProgramCall,
  type ScopedReport,
  type SessionScopeChanged,
  type SessionSource,
} from "../reports/reportScope";
import { askAboutTarget, confirmingTarget, followScopeLoad, loadStates, loadStatusOf, programScopeGuards, screenProgramCall, targetCallOf, type LoadStatus, type TargetCall } from "../screenLoad/loadStates";

/**
 * The custom report list (/reports): the program's reports by id. `list` is `waiting`
 * (no program yet), `loading`, `ready` or `failed` ('Try again' loads again); another
 * program or API context loads afresh (the dates do not change the list).
 *
 * Deleting is a mode of `ready`: `idle`, `confirming` ('Are you sure?' naming the
 * report), `removing`. A deletion that works takes the row away and says so; one that
 * fails keeps the row and says what went wrong; a report already gone (404) leaves the
 * list and says that.
 */

export interface CustomReportListInput {
  readonly session: SessionSource;
}

/** A message under the list's title after a deletion. */
export interface ListNotice {
  readonly tone: "success" | "failure";
  readonly text: string;
}

export interface CustomReportListContext extends ScopedReport {
  readonly reports: ReadonlyArray<CustomReport>;
  /** The report asked about or being deleted. */
  readonly target: CustomReport | null;
  readonly notice: ListNotice | null;
}

export type CustomReportListEvent =
  | SessionScopeChanged
  | { readonly type: "reports.retried" }
  | { readonly type: "reports.removeAsked"; readonly id: number }
  | { readonly type: "reports.removeCancelled" }
  | { readonly type: "reports.removeConfirmed" }
  | { readonly type: "reports.noticeDismissed" };

export type ListLoad = ProgramCall;

export type RemoveLoad = TargetCall;

type Context = CustomReportListContext;

const t = customReportsTexts.list;


/** `waiting`, `loading` and `failed` (the list could not be loaded: says so, with 'Try again'). */
const reportsLoad = loadStates({ src: "loadReports", input: screenProgramCall, keep: "keepReports", retried: "reports.retried" });

const failureOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;

export const customReportListMachine = setup({
  types: {
    context: {} as Context,
    events: {} as CustomReportListEvent,
    input: {} as CustomReportListInput,
  },
  actors: {
    ...sessionScopeActors,
    loadReports: fromApiCall<CustomReportList, ListLoad, HttpError>(({ program }) => listCustomReports(program)),
    removeReport: fromApiCall<Ok, RemoveLoad, HttpError>(({ program, id }) => removeCustomReport(program, id)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepReports: assign((_, answer: CustomReportList) => ({ reports: answer.data })),
    forgetReports: assign({ reports: () => [], target: () => null }),
    chooseTarget: assign(({ context }, id: number) => ({ target: context.reports.find((r) => r.id === id) ?? null, notice: null })),
    forgetTarget: assign({ target: () => null }),
    /** The deleted (or already gone) report leaves the list. */
    dropTarget: assign(({ context }) => ({ reports: context.reports.filter((r) => r.id !== context.target?.id), target: null })),
    sayRemoved: assign(({ context }) => ({ notice: { tone: "success", text: t.removed(context.target?.name ?? "") } as ListNotice })),
    sayGone: assign(({ context }) => ({ notice: { tone: "success", text: t.removeGone(context.target?.name ?? "") } as ListNotice })),
    sayRemoveFailed: assign(({ context }) => ({ notice: { tone: "failure", text: t.removeFailed(context.target?.name ?? "") } as ListNotice })),
    forgetNotice: assign({ notice: () => null }),
  },
  guards: {
    ...programScopeGuards,
    isListed: ({ context }, id: number) => context.reports.some((r) => r.id === id),
    isGone: (_, error: unknown) => typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "NotFound",
  },
}).createMachine({
  id: "customReportList",
  context: ({ input }) => ({ session: input.session, scope: openingScope(input.session), reports: [], target: null, notice: null }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": followScopeLoad({ waiting: ".waiting", loading: ".loading" }, "forgetReports", "forgetNotice"),
    "reports.noticeDismissed": { actions: "forgetNotice" },
  },
  initial: "waiting",
  states: {
    ...reportsLoad,
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "reports.removeAsked": askAboutTarget("isListed"),
          },
        },
        /** 'Are you sure?' about the target. */
        confirming: confirmingTarget({ cancelled: "reports.removeCancelled", confirmed: "reports.removeConfirmed" }, "removing"),
        removing: {
          invoke: {
            src: "removeReport",
            input: targetCallOf,
            onDone: { target: "idle", actions: ["sayRemoved", "dropTarget"] },
            onError: [
              { guard: { type: "isGone", params: failureOf }, target: "idle", actions: ["sayGone", "dropTarget"] },
              { target: "idle", actions: ["sayRemoveFailed", "forgetTarget"] },
            ],
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof customReportListMachine>;

/** What the list shows: waiting for a program, loading, the table, no reports, or the failure. */
export type ListStatus = LoadStatus;

/** Named selectors: the view reads the list only through these. */
export const customReportListSelectors = {
  status: (s: Snap): ListStatus => loadStatusOf(s, s.context.reports.length),
  reports: (s: Snap) => s.context.reports,
  /** The report 'Are you sure?' asks about (also while it is being deleted). */
  confirming: (s: Snap): CustomReport | null => (s.matches({ ready: "confirming" }) || s.matches({ ready: "removing" }) ? s.context.target : null),
  isRemoving: (s: Snap) => s.matches({ ready: "removing" }),
  notice: (s: Snap) => s.context.notice,
} satisfies Record<string, (s: Snap) => unknown>;

export type CustomReportListActorRef = ActorRefFrom<typeof customReportListMachine>;
