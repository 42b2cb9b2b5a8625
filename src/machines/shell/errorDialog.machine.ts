import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { texts } from "../../domain/shell/texts";
import type { HttpError } from "../../services/http/httpErrors";
import { httpFailureListener, type HttpFailedEvent } from "./httpFailureListener";

/** What a screen may say instead of the default Forbidden text, and where to go after it. */
export interface ForbiddenOverride {
  readonly text: string;
  readonly redirectTo: string;
}

interface ErrorDialogContext {
  readonly forbiddenText: string;
  readonly forbiddenRedirect: string;
  /** A screen-specific 403 text and path, set by the screen while it is shown. */
  readonly override: ForbiddenOverride | null;
}

export type ErrorDialogEvent =
  | { type: "dialog.forbidden" }
  | { type: "dialog.clientError" }
  | { type: "dialog.serverError" }
  | { type: "dialog.confirmed" }
  | { type: "dialog.retried" }
  | { type: "dialog.overrideSet"; override: ForbiddenOverride | null }
  | HttpFailedEvent;

/**
 * The one global error dialog: 403 'Forbidden' then
 * a redirect; other 4xx 'Whoops' and 5xx 'Oh no', whose 'Try again' reloads the page.
 * One at a time, no time-out. 401 is the session's, network failures are not HTTP
 * answers and stay with the screen that made the call.
 */
export const errorDialogMachine = setup({
  types: {
    context: {} as ErrorDialogContext,
    events: {} as ErrorDialogEvent,
  },
  actors: { httpFailureListener },
  actions: {
    /** Provided by the app: goes to a path (wouter's navigate). */
    redirect: (_, _params: { to: string }) => {},
    /** Provided by the app: reloads the page. */
    reloadPage: () => {},
    rememberForbidden: assign(({ context }) => ({
      forbiddenText: context.override?.text ?? texts.dialogs.forbidden.text,
      forbiddenRedirect: context.override?.redirectTo ?? "/logout",
    })),
    setOverride: assign((_, params: { override: ForbiddenOverride | null }) => ({ override: params.override })),
  },
  guards: {
    isForbidden: (_, params: { error: HttpError }) => params.error._tag === "Forbidden",
    isClientError: (_, params: { error: HttpError }) => params.error._tag === "ClientError" || params.error._tag === "NotFound",
    isServerError: (_, params: { error: HttpError }) => params.error._tag === "ServerError",
  },
}).createMachine({
  id: "errorDialog",
  context: { forbiddenText: texts.dialogs.forbidden.text, forbiddenRedirect: "/logout", override: null },
  invoke: { id: "httpFailures", src: "httpFailureListener" },
  on: { "dialog.overrideSet": { actions: { type: "setOverride", params: ({ event }) => ({ override: event.override }) } } },
  initial: "closed",
  states: {
    closed: {
      on: {
        "http.failed": [
          { guard: { type: "isForbidden", params: ({ event }) => ({ error: event.error }) }, target: "forbidden", actions: "rememberForbidden" },
          { guard: { type: "isClientError", params: ({ event }) => ({ error: event.error }) }, target: "clientError" },
          { guard: { type: "isServerError", params: ({ event }) => ({ error: event.error }) }, target: "serverError" },
        ],
        "dialog.forbidden": { target: "forbidden", actions: "rememberForbidden" },
        "dialog.clientError": "clientError",
        "dialog.serverError": "serverError",
      },
    },
    forbidden: {
      on: {
        "dialog.confirmed": {
          target: "closed",
          actions: { type: "redirect", params: ({ context }) => ({ to: context.forbiddenRedirect }) },
        },
      },
    },
    clientError: { on: { "dialog.retried": { target: "closed", actions: "reloadPage" } } },
    serverError: { on: { "dialog.retried": { target: "closed", actions: "reloadPage" } } },
  },
});

type Snap = SnapshotFrom<typeof errorDialogMachine>;
export const errorDialogSelectors = {
  isOpen: (s: Snap) => !s.matches("closed"),
  kind: (s: Snap): "forbidden" | "clientError" | "serverError" | null =>
    s.matches("forbidden") ? "forbidden" : s.matches("clientError") ? "clientError" : s.matches("serverError") ? "serverError" : null,
  forbiddenText: (s: Snap) => s.context.forbiddenText,
};
export type ErrorDialogActorRef = ActorRefFrom<typeof errorDialogMachine>;
