import type { SessionScope } from "../../domain/report/reportScope";
import { isCompleteScope, keepScope, programCallOf, sameProgramCall, scopeGuard, waitForScope, type ProgramCall, type ScopedReport } from "../reports/reportScope";

/**
 * The loading / empty / failed / retry states of a screen that loads one answer for its
 * scope (the custom report list, the data sources' keys, the seasonality types), the same
 * way for each:
 *
 * - `waiting` while the session has no program or dates (`hasCompleteScope` leaves it);
 * - `loading` invokes the screen's load actor (named in its `setup`) with the input the
 *   screen makes of its context, keeps the answer with the screen's own action and is
 *   `ready`; a failure is `failed` (after the screen's own failure transitions, such as an
 *   admin refusal, and with its own actions);
 * - `failed` loads again on the screen's retry event ('Try again').
 *
 * Every action, guard and actor they name stays registered in the screen's own `setup`;
 * what the screen shows of them is `loadStatusOf`.
 */

/** The guards of a screen whose answer is its program's, not its dates' (another program or API context loads afresh; other dates do not). */
export const programScopeGuards = {
  hasCompleteScope: ({ context }: { readonly context: ScopedReport }) => isCompleteScope(context.scope),
  isIncompleteScope: (_: unknown, scope: SessionScope) => !isCompleteScope(scope),
  isOtherScope: ({ context }: { readonly context: ScopedReport }, scope: SessionScope) => !sameProgramCall(context.scope, scope),
} as const;

/**
 * The guards of a screen whose answer is the signed-in person's, not a program's (the admin's
 * Programs screen, which a new installation opens before it has any program): it needs only
 * the API context (a token), and only another API context loads afresh.
 */
export const apiScopeGuards = {
  hasCompleteScope: ({ context }: { readonly context: ScopedReport }) => context.scope.api.token !== null,
  isIncompleteScope: (_: unknown, scope: SessionScope) => scope.api.token === null,
  isOtherScope: ({ context }: { readonly context: ScopedReport }, scope: SessionScope) =>
    context.scope.api.baseUrl !== scope.api.baseUrl || context.scope.api.token !== scope.api.token,
} as const;

/** A program's call made of the screen's scope (its load's input). */
export const screenProgramCall = ({ context }: { readonly context: ScopedReport }): ProgramCall => programCallOf(context.scope);

/** A call about one item of the screen's list (the one asked about: `target`). */
export interface TargetCall extends ProgramCall {
  readonly id: number;
}

/** The call about the screen's target (a removal, a revocation). */
export const targetCallOf = ({ context }: { readonly context: ScopedReport & { readonly target: { readonly id: number } | null } }): TargetCall => ({
  ...programCallOf(context.scope),
  id: context.target?.id ?? 0,
});

const idOf = ({ event }: { readonly event: { readonly id: number } }): number => event.id;

/** Asking about a listed item by its id: when `guard` holds for it, it becomes the target (`chooseTarget`) and the screen asks (`confirming`). */
export const askAboutTarget = <const TGuard extends string>(guard: TGuard) =>
  ({ guard: { type: guard, params: idOf }, target: "confirming", actions: { type: "chooseTarget", params: idOf } }) as const;

/** The question about the target (`confirming`): `cancelled` forgets it (`forgetTarget`) and is `idle` again, `confirmed` goes on to `next`. */
export const confirmingTarget = <const TCancelled extends string, const TConfirmed extends string, const TNext extends string>(
  events: { readonly cancelled: TCancelled; readonly confirmed: TConfirmed },
  next: TNext,
) => ({
  on: {
    [events.cancelled]: { target: "idle", actions: "forgetTarget" },
    [events.confirmed]: next,
  } as Record<TCancelled, { readonly target: "idle"; readonly actions: "forgetTarget" }> & Record<TConfirmed, TNext>,
});

/**
 * The answers to `session.scopeChanged` of a screen with these states: a scope without a
 * program or dates goes back to `waiting`, another one loads afresh, both forgetting what
 * was shown (the screen's `forget` actions); any other change is only kept (`keepScope`).
 */
export const followScopeLoad = <const TForget extends string, const TWaiting extends string, const TLoading extends string>(
  targets: { readonly waiting: TWaiting; readonly loading: TLoading },
  ...forget: ReadonlyArray<TForget>
) =>
  [
    { guard: scopeGuard("isIncompleteScope"), target: targets.waiting, actions: [keepScope, ...forget] },
    { guard: scopeGuard("isOtherScope"), target: targets.loading, actions: [keepScope, ...forget] },
    { actions: keepScope },
  ] as const;

const outputOf = <TAnswer>({ event }: { readonly event: { readonly output: TAnswer } }): TAnswer => event.output;

/** A transition an answer of `loading` takes before the others (e.g. a 403 to `refused`). */
type FailureTransition = { readonly guard: unknown; readonly target: string };

/**
 * `waiting`, `loading` and `failed` of a screen's load: `keep` keeps the answer, `retried`
 * is the retry event; `failures` go before `failed`, `forget` runs on a failure (and on
 * entering `loading`, with `forgetOnEntry`: the last answer is not shown while the next
 * loads). The screen writes its own `ready` state.
 */
export const loadStates = <
  TContext,
  TInput,
  const TLoad extends string,
  const TKeep extends string,
  const TRetried extends string,
  const TForget extends string = never,
  const TFailure extends FailureTransition = never,
>(load: {
  readonly src: TLoad;
  readonly input: (args: { readonly context: TContext }) => TInput;
  readonly keep: TKeep;
  readonly retried: TRetried;
  readonly forget?: TForget;
  readonly forgetOnEntry?: boolean;
  readonly failures?: ReadonlyArray<TFailure>;
}) => {
  const failed = load.forget === undefined ? { target: "failed" as const } : { target: "failed" as const, actions: load.forget };
  return {
    waiting: waitForScope("loading"),
    loading: {
      ...(load.forgetOnEntry === true && load.forget !== undefined ? { entry: load.forget } : {}),
      invoke: {
        src: load.src,
        input: load.input,
        onDone: { target: "ready", actions: { type: load.keep, params: outputOf } },
        onError: [...(load.failures ?? []), failed],
      },
    },
    failed: { on: { [load.retried]: { target: "loading" } } as Record<TRetried, { readonly target: "loading" }> },
  } as const;
};

/** What a screen shows of its load. */
export type LoadStatus = "loading" | "ready" | "empty" | "failed";

/** The status of a load whose `ready` answer may hold nothing (`count` items): loading (also while waiting), ready, empty or failed. */
export const loadStatusOf = (s: { matches(state: "failed" | "ready"): boolean }, count: number): LoadStatus =>
  s.matches("failed") ? "failed" : s.matches("ready") ? (count === 0 ? "empty" : "ready") : "loading";
