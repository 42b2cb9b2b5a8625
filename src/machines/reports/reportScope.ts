import { sameSessionScope, type SessionScope } from "../../domain/report/reportScope";
import type { ApiContext } from "../../domain/shell/session";
import { scopeAction, scopeGuard, type ScopedScreen, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";

/**
 * How an analysis report's machine follows the session's scope (API context, program,
 * dates, named filter), the same way for every report:
 *
 * - its context holds `session` and the `scope` it opened with (`openingScope`: the
 *   session's now; the shell has already folded the URL's program and dates into it);
 * - it invokes `followSessionScope` (the shell's `sessionScopeListener`, registered as
 *   `sessionScopeActors`), which tells it `session.scopeChanged` for each scope other than
 *   the one it opened with and nothing for other session changes;
 * - it starts in a `waiting` state left by `hasCompleteScope` (no program or dates: nothing
 *   loads) and, while open, answers `session.scopeChanged` with, in this order,
 *   `{ guard: scopeGuard("isIncompleteScope"), target: waiting, actions: keepScope }`
 *   and `{ guard: scopeGuard("isOtherScope"), actions: [keepScope, …its reload] }`;
 * - its calls take `reportCallOf(scope)`: where calls go, the program code and the dates.
 *
 * Register `sessionScopeActors` and `reportScopeGuards` in the machine's `setup`, and the
 * action `keepScope: assign(keepScopeAssignment)`.
 */

/** What every report call needs besides its own path and query. */
export interface ReportCall {
  readonly api: ApiContext;
  readonly program: string;
  readonly range: { readonly from: string; readonly to: string };
}

/** The context a report machine keeps for its scope (as every screen's). */
export type ScopedReport = ScopedScreen;

/** A scope with a program and dates: something to load. */
export const isCompleteScope = (scope: SessionScope): boolean => scope.program !== null && scope.range !== null;

/** The call scope of a complete session scope (empty program and dates otherwise: such a scope is never loaded). */
export const reportCallOf = (scope: SessionScope): ReportCall => ({
  api: scope.api,
  program: scope.program?.code ?? "",
  range: { from: scope.range?.from ?? "", to: scope.range?.to ?? "" },
});

/** What a screen's calls need when they are the program's, not its dates' (custom report list, write keys). */
export type ProgramCall = Omit<ReportCall, "range">;

/** The program call scope of a session scope. */
export const programCallOf = (scope: SessionScope): ProgramCall => ({ api: scope.api, program: scope.program?.code ?? "" });

/** Whether two session scopes reach the same program through the same API context (their dates aside). */
export const sameProgramCall = (a: SessionScope, b: SessionScope): boolean =>
  a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token && a.program?.code === b.program?.code;

export const sameReportCall = (a: ReportCall, b: ReportCall): boolean =>
  a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token && a.program === b.program && a.range.from === b.range.from && a.range.to === b.range.to;

/** The guards of scope following: the context's scope is complete; a new scope lacks a program or dates; a new scope loads other data. */
export const reportScopeGuards = {
  hasCompleteScope: ({ context }: { readonly context: ScopedReport }) => isCompleteScope(context.scope),
  isIncompleteScope: (_: unknown, scope: SessionScope) => !isCompleteScope(scope),
  isOtherScope: ({ context }: { readonly context: ScopedReport }, scope: SessionScope) => !sameSessionScope(context.scope, scope),
} as const;

/**
 * A screen's `waiting` state: the session has no program or dates yet, so nothing loads;
 * `hasCompleteScope` (registered in the screen's `setup`) goes on to `target` once it has.
 */
export const waitForScope = <const TTarget extends string>(target: TTarget) => ({ always: { guard: "hasCompleteScope", target } }) as const;

/**
 * How a screen answers `session.scopeChanged` while a write of its program is under way:
 * a scope without a program or dates, or another program, is held (`holdScope`) until the
 * answer decides where the screen goes; any other change (dates, the same program's
 * currency) is taken at once (`changeScope`). Both actions and `isOtherProgram` are the
 * screen's own.
 */
export const holdScopeWhileWriting = [
  { guard: scopeGuard("isIncompleteScope"), actions: scopeAction("holdScope") },
  { guard: scopeGuard("isOtherProgram"), actions: scopeAction("holdScope") },
  { actions: scopeAction("changeScope") },
] as const;

/**
 * The first answer to `session.scopeChanged` of a screen that takes a new scope with its own
 * `changeScope` action (a spend list, the spend form): one without a program or dates goes
 * back to `waiting`.
 */
export const waitOnIncompleteScope = { guard: scopeGuard("isIncompleteScope"), target: ".waiting", actions: scopeAction("changeScope") } as const;

/** The `keepScope` action's assignment: the report keeps the new scope. */
export const keepScopeAssignment = (_: unknown, scope: SessionScope) => ({ scope });

/** The `keepScope` action with the event's scope as params. */
export const keepScope = scopeAction("keepScope");

export type { SessionScopeChanged, SessionSource };
export { followSessionScope, newScope, openingScope, scopeAction, scopeGuard, scopeListenerInput, sessionScopeActors } from "../shell/sessionScope";
