import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { CustomReportList } from "../../domain/customReports/customReports";
import { listCustomReports } from "../../services/customReports/customReports";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import {
  followSessionScope,
  keepScopeAssignment,
  openingScope,
  sessionScopeActors,
  type ProgramCall,
  type ScopedReport,
  type SessionScopeChanged,
  type SessionSource,
} from "../reports/reportScope";
import { followScopeLoad, loadStates, programScopeGuards, screenProgramCall } from "../screenLoad/loadStates";

/**
 * Which saved reports the session's program has, as the server lists them (GET
 * programs/{program}/reports), so the main menu offers a report's entry (the
 * Active / Not Active Report, report 1) only where it opens. `waiting` (no program yet),
 * `loading`, `ready` or `failed`; another program or API context loads afresh (the dates
 * do not change the list). Until the list is known, and after a failure, no report is
 * held, so no such entry is offered; `programReports.retried` loads again.
 */

export interface ProgramReportsInput {
  readonly session: SessionSource;
}

export interface ProgramReportsContext extends ScopedReport {
  /** The ids of the program's saved reports. */
  readonly reportIds: ReadonlyArray<number>;
}

export type ProgramReportsEvent = SessionScopeChanged | { readonly type: "programReports.retried" };

const reportsLoad = loadStates({ src: "loadReports", input: screenProgramCall, keep: "keepReports", retried: "programReports.retried", forget: "forgetReports" });

export const programReportsMachine = setup({
  types: {
    context: {} as ProgramReportsContext,
    events: {} as ProgramReportsEvent,
    input: {} as ProgramReportsInput,
  },
  actors: {
    ...sessionScopeActors,
    loadReports: fromApiCall<CustomReportList, ProgramCall, HttpError>(({ program }) => listCustomReports(program)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    keepReports: assign((_, answer: CustomReportList) => ({ reportIds: answer.data.map((report) => report.id) })),
    forgetReports: assign({ reportIds: () => [] }),
  },
  guards: programScopeGuards,
}).createMachine({
  id: "programReports",
  context: ({ input }) => ({ session: input.session, scope: openingScope(input.session), reportIds: [] }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": followScopeLoad({ waiting: ".waiting", loading: ".loading" }, "forgetReports"),
  },
  initial: "waiting",
  states: {
    ...reportsLoad,
    ready: {},
  },
});

type Snap = SnapshotFrom<typeof programReportsMachine>;

/** Named selectors: the menu reads the program's reports only through these. */
export const programReportsSelectors = {
  /** The program's saved reports' ids: none until they are known (and after a failure). */
  reportIds: (s: Snap) => s.context.reportIds,
} satisfies Record<string, (s: Snap) => unknown>;

export type ProgramReportsActorRef = ActorRefFrom<typeof programReportsMachine>;
