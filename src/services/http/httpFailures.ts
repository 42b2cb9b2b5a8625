import type { HttpError } from "./httpErrors";

/**
 * The app-wide channel for failed calls that their caller does not handle itself:
 * the session listens for 401, the global error dialog for 403, other 4xx and 5xx.
 * Machines subscribe through a named callback actor.
 */
export type HttpFailureListener = (error: HttpError) => void;

const listeners = new Set<HttpFailureListener>();

export const publishHttpFailure = (error: HttpError): void => {
  for (const l of [...listeners]) l(error);
};

export const subscribeHttpFailures = (listener: HttpFailureListener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
