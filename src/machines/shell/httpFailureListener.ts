import { Effect } from "effect";
import { fromCallback } from "xstate";
import { HttpFailures } from "../../services/http/httpFailures";
import type { HttpError } from "../../services/http/httpErrors";
import { appRuntime, type AppRuntime } from "../../services/runtime/runtime";

/** Every unhandled failed call, as its parent hears it. */
export interface HttpFailedEvent {
  readonly type: "http.failed";
  readonly error: HttpError;
}

/**
 * A callback actor that forwards every unhandled failed call on the runtime's failure
 * channel to its parent as `http.failed`, and stops listening when it stops.
 */
export const makeHttpFailureListener = (runtime: AppRuntime = appRuntime) =>
  fromCallback<{ type: "noop" }>(({ sendBack }) =>
    runtime.runSync(
      Effect.flatMap(HttpFailures, (failures) => failures.subscribe((error) => sendBack({ type: "http.failed", error } satisfies HttpFailedEvent))),
    ),
  );

export const httpFailureListener = makeHttpFailureListener();

/** Publishes a failure on a runtime's channel, as an unhandled call would (tests and tools). */
export const publishHttpFailure = (error: HttpError, runtime: AppRuntime = appRuntime): void =>
  runtime.runSync(Effect.flatMap(HttpFailures, (failures) => failures.publish(error)));
