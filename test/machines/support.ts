/** Helpers for the machine scenario tests: controllable fake services and time. */
import { fromPromise, type PromiseActorLogic } from "xstate";

/** Lets pending promise callbacks (fake services settling) run. */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setTimeout(r, 0));
};

/**
 * A fake service whose calls stay pending until the test settles them: `calls` holds
 * each call's input, `resolve`/`reject` settle the oldest pending call.
 */
export const controlled = <TOutput, TInput = unknown>() => {
  const calls: TInput[] = [];
  const pending: Array<{ resolve: (v: TOutput) => void; reject: (e: unknown) => void; signal: AbortSignal }> = [];
  const logic: PromiseActorLogic<TOutput, TInput> = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push(input);
        pending.push({ resolve, reject, signal });
      }),
  );
  const next = () => {
    const p = pending.shift();
    if (!p) throw new Error("no pending call");
    return p;
  };
  return {
    logic,
    calls,
    pendingCount: () => pending.length,
    /** Whether the oldest pending call was aborted (its state was left). */
    wasAborted: (i = 0) => pending[i]?.signal.aborted ?? false,
    resolve: async (value: TOutput) => {
      next().resolve(value);
      await flush();
    },
    reject: async (error: unknown) => {
      next().reject(error);
      await flush();
    },
  };
};

/** A fake service that answers every call at once with `value`, recording inputs. */
export const answering = <TOutput, TInput = unknown>(value: TOutput) => {
  const calls: TInput[] = [];
  const logic = fromPromise<TOutput, TInput>(async ({ input }) => {
    calls.push(input);
    return value;
  });
  return { logic, calls };
};
