import { fromCallback } from "xstate";
import { subscribeHttpFailures } from "../../services/http/httpFailures";
import type { HttpError } from "../../services/http/httpErrors";

/** A callback actor that forwards every unhandled failed call to its parent as `http.failed`. */
export interface HttpFailedEvent {
  readonly type: "http.failed";
  readonly error: HttpError;
}

export const httpFailureListener = fromCallback<{ type: "noop" }>(({ sendBack }) =>
  subscribeHttpFailures((error) => sendBack({ type: "http.failed", error } satisfies HttpFailedEvent)),
);
