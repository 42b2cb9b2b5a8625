import { Cause, Effect, Exit, Option } from "effect";
import { fromPromise, type PromiseActorLogic } from "xstate";
import { CurrentApiContext, type ApiContext } from "../../services/http/apiClient";
import { appRuntime, type AppRuntime, type AppServices } from "../../services/runtime/runtime";

/** The reason an effect ended other than by a typed failure (a defect or an interruption). */
export class EffectDefect extends Error {
  constructor(readonly defect: Cause.Cause<unknown>) {
    super(Cause.pretty(defect));
    this.name = "EffectDefect";
  }
}

/**
 * A promise actor running an Effect. `E` is the effect's typed failure: XState types every
 * `onError` event's error as `unknown`, so the logic carries `E` along and `failureOf`
 * reads an error event back as `E | EffectDefect`.
 */
export type EffectActorLogic<TOutput, TInput, E> = PromiseActorLogic<TOutput, TInput> & { readonly __failure?: E };

/** What an effect actor's `onError` event holds: its typed failure, or the defect that ended it. */
export type FailureOf<L extends { readonly __failure?: unknown }> = NonNullable<L["__failure"]> | EffectDefect;

/**
 * The typed failure of an effect actor's `onError` event. `fromEffect` throws nothing but
 * the effect's own failure or an `EffectDefect`, so this is a reading, not a guess.
 */
export const failureOf = <L extends { readonly __failure?: unknown }>(_logic: L, event: { readonly error: unknown }): FailureOf<L> =>
  event.error as FailureOf<L>;

const runOn =
  (runtime: AppRuntime) =>
  async <A, E>(effect: Effect.Effect<A, E, AppServices>, signal: AbortSignal): Promise<A> => {
    const exit = await runtime.runPromiseExit(effect, { signal });
    if (Exit.isSuccess(exit)) return exit.value;
    const failure = Cause.failureOption(exit.cause);
    if (Option.isSome(failure)) throw failure.value;
    throw new EffectDefect(exit.cause);
  };

/**
 * Turns an Effect-returning function into a promise actor. The effect runs on the app's
 * ManagedRuntime (or the one given) with the actor's abort signal, so leaving the invoking
 * state cancels the request; a typed failure (for example a tagged `Forbidden`) reaches the
 * machine's `onError` as it is.
 */
export const fromEffect = <TOutput, TInput, E>(
  make: (input: TInput) => Effect.Effect<TOutput, E, AppServices>,
  runtime: AppRuntime = appRuntime,
): EffectActorLogic<TOutput, TInput, E> => {
  const run = runOn(runtime);
  return fromPromise<TOutput, TInput>(({ input, signal }) => run(make(input), signal));
};

/**
 * `fromEffect` for API calls: the actor's input carries the API context of the screen that
 * invokes it (the session's base URL and token), provided to the call as `CurrentApiContext`.
 * The context is read from `input.api`, or by `apiOf` where the input keeps it elsewhere.
 */
export function fromApiCall<TOutput, TInput extends { readonly api: ApiContext }, E>(
  make: (input: TInput) => Effect.Effect<TOutput, E, AppServices | CurrentApiContext>,
): EffectActorLogic<TOutput, TInput, E>;
export function fromApiCall<TOutput, TInput, E>(
  make: (input: TInput) => Effect.Effect<TOutput, E, AppServices | CurrentApiContext>,
  apiOf: (input: TInput) => ApiContext,
): EffectActorLogic<TOutput, TInput, E>;
export function fromApiCall<TOutput, TInput, E>(
  make: (input: TInput) => Effect.Effect<TOutput, E, AppServices | CurrentApiContext>,
  apiOf: (input: TInput) => ApiContext = (input) => (input as { readonly api: ApiContext }).api,
): EffectActorLogic<TOutput, TInput, E> {
  return fromEffect<TOutput, TInput, E>((input) => Effect.provideService(make(input), CurrentApiContext, apiOf(input)));
}
