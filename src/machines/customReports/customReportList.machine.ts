import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { CustomReport, CustomReportList } from "../../domain/customReports/customReports";
import { customReportsTexts } from "../../domain/customReports/customReportsTexts";
import type { SessionScope } from "../../domain/report/reportScope";
import { listCustomReports, removeCustomReport } from "../../services/customReports/customReports";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import {
  isCompleteScope,
  keepScope,
  keepScopeAssignment,
  sessionScopeActors,
  openingScope,
  programCallOf,
  sameProgramCall,
  scopeGuard,
  followSessionScope,
  type ProgramCall,
  type ScopedReport,
  type SessionScopeChanged,
  type SessionSource,
} from "../reports/reportScope";

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

export interface RemoveLoad extends ListLoad {
  readonly id: number;
}

type Context = CustomReportListContext;

const t = customReportsTexts.list;

const listLoadOf = ({ context }: { readonly context: Context }): ListLoad => programCallOf(context.scope);

const removeLoadOf = ({ context }: { readonly context: Context }): RemoveLoad => ({ ...listLoadOf({ context }), id: context.target?.id ?? 0 });

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
    hasCompleteScope: ({ context }) => isCompleteScope(context.scope),
    isIncompleteScope: (_, scope: SessionScope) => !isCompleteScope(scope),
    isOtherScope: ({ context }, scope: SessionScope) => !sameProgramCall(context.scope, scope),
    isListed: ({ context }, id: number) => context.reports.some((r) => r.id === id),
    isGone: (_, error: unknown) => typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "NotFound",
  },
}).createMachine({
  id: "customReportList",
  context: ({ input }) => ({ session: input.session, scope: openingScope(input.session), reports: [], target: null, notice: null }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": [
      { guard: scopeGuard("isIncompleteScope"), target: ".waiting", actions: [keepScope, "forgetReports", "forgetNotice"] },
      { guard: scopeGuard("isOtherScope"), target: ".loading", actions: [keepScope, "forgetReports", "forgetNotice"] },
      { actions: keepScope },
    ],
    "reports.noticeDismissed": { actions: "forgetNotice" },
  },
  initial: "waiting",
  states: {
    waiting: { always: { guard: "hasCompleteScope", target: "loading" } },
    loading: {
      invoke: {
        src: "loadReports",
        input: listLoadOf,
        onDone: { target: "ready", actions: { type: "keepReports", params: ({ event }) => event.output } },
        onError: "failed",
      },
    },
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "reports.removeAsked": {
              guard: { type: "isListed", params: ({ event }) => event.id },
              target: "confirming",
              actions: { type: "chooseTarget", params: ({ event }) => event.id },
            },
          },
        },
        /** 'Are you sure?' about the target. */
        confirming: {
          on: {
            "reports.removeCancelled": { target: "idle", actions: "forgetTarget" },
            "reports.removeConfirmed": "removing",
          },
        },
        removing: {
          invoke: {
            src: "removeReport",
            input: removeLoadOf,
            onDone: { target: "idle", actions: ["sayRemoved", "dropTarget"] },
            onError: [
              { guard: { type: "isGone", params: failureOf }, target: "idle", actions: ["sayGone", "dropTarget"] },
              { target: "idle", actions: ["sayRemoveFailed", "forgetTarget"] },
            ],
          },
        },
      },
    },
    /** The list could not be loaded: says so, with 'Try again'. */
    failed: { on: { "reports.retried": "loading" } },
  },
});

type Snap = SnapshotFrom<typeof customReportListMachine>;

/** What the list shows: waiting for a program, loading, the table, no reports, or the failure. */
export type ListStatus = "loading" | "ready" | "empty" | "failed";

/** Named selectors: the view reads the list only through these. */
export const customReportListSelectors = {
  status: (s: Snap): ListStatus =>
    s.matches("failed") ? "failed" : s.matches("ready") ? (s.context.reports.length === 0 ? "empty" : "ready") : "loading",
  reports: (s: Snap) => s.context.reports,
  /** The report 'Are you sure?' asks about (also while it is being deleted). */
  confirming: (s: Snap): CustomReport | null => (s.matches({ ready: "confirming" }) || s.matches({ ready: "removing" }) ? s.context.target : null),
  isRemoving: (s: Snap) => s.matches({ ready: "removing" }),
  notice: (s: Snap) => s.context.notice,
} satisfies Record<string, (s: Snap) => unknown>;

export type CustomReportListActorRef = ActorRefFrom<typeof customReportListMachine>;
