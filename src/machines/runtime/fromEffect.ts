import { Cause, Exit, Option, type Effect } from "effect";
import { fromPromise, type PromiseActorLogic } from "xstate";
import { appRuntime } from "../../services/runtime/runtime";

/** The reason an effect ended other than by a typed failure (a defect or an interruption). */
export class EffectDefect extends Error {
  constructor(readonly defect: Cause.Cause<unknown>) {
    super(Cause.pretty(defect));
    this.name = "EffectDefect";
  }
}

/**
 * Turns an Effect-returning function into a promise actor. The effect runs on the app's
 * ManagedRuntime with the actor's abort signal, so leaving the invoking state cancels
 * the request; a typed failure (for example a tagged `Forbidden`) reaches the machine's
 * `onError` as it is.
 */
export const fromEffect = <TOutput, TInput, E>(
  make: (input: TInput) => Effect.Effect<TOutput, E>,
): PromiseActorLogic<TOutput, TInput> =>
  fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    const exit = await appRuntime.runPromiseExit(make(input), { signal });
    if (Exit.isSuccess(exit)) return exit.value;
    const failure = Cause.failureOption(exit.cause);
    if (Option.isSome(failure)) throw failure.value;
    throw new EffectDefect(exit.cause);
  });
