import { Effect } from "effect";
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import type { Message } from "../../domain/shell/message";
import * as messagesApi from "../../services/shell/messages";
import type { ApiCall, ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import type { SessionScope } from "../../domain/report/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import { currentSessionScope, sessionScopeListener, type SessionScopeChanged, type SessionSource } from "./sessionScope";

/** Which messages a message area shows: the login page's system messages, or the signed-in user's and program's. */
export type MessageSource = { readonly kind: "system" } | { readonly kind: "account"; readonly program: string | null };

export interface MessagesInput {
  /** The session: where calls go, and (for account messages) the program. */
  readonly session: SessionSource;
  readonly kind: MessageSource["kind"];
}

/** The source a message area of `kind` shows in a session scope. */
export const messageSourceOf = (kind: MessageSource["kind"], scope: SessionScope): MessageSource =>
  kind === "system" ? { kind } : { kind, program: scope.program?.code ?? null };

const sameSource = (a: MessageSource, b: MessageSource): boolean =>
  a.kind === b.kind && (a.kind === "system" || (b.kind === "account" && a.program === b.program));

/** What one load or dismissal is made with. */
export interface MessagesCall {
  readonly api: ApiContext;
  readonly source: MessageSource;
}

interface MessagesContext extends MessagesCall {
  readonly session: SessionSource;
  readonly messages: ReadonlyArray<Message>;
  /** Dismissed on screen, waiting to be sent to the server, oldest first. */
  readonly pending: ReadonlyArray<number>;
}

export type MessagesEvent =
  | { type: "messages.dismissed"; id: number }
  | { type: "messages.reloaded" }
  | SessionScopeChanged;

const loadFor = (source: MessageSource): Effect.Effect<ReadonlyArray<Message>, HttpError, ApiCall> =>
  source.kind === "system"
    ? Effect.map(messagesApi.systemMessages(), (r) => r.data)
    : Effect.map(
        Effect.all([messagesApi.userMessages(), source.program ? messagesApi.programMessages(source.program) : Effect.succeed({ data: [] })], {
          concurrency: 2,
        }),
        ([user, program]) => [...user.data, ...program.data],
      );

/**
 * The top message area (and the login page's system messages): loads, shows, and lets
 * each account message be dismissed. Dismissing hides the message at once; dismissals
 * are sent one after another.
 */
export const messagesMachine = setup({
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
    input: {} as MessagesInput,
  },
  actors: {
    loadMessages: fromApiCall<ReadonlyArray<Message>, MessagesCall, HttpError>(({ source }) => loadFor(source)),
    dismissMessage: fromApiCall<Ok, { api: ApiContext; id: number }, HttpError>(({ id }) => messagesApi.dismissMessage(id)),
    sessionScopeListener,
  },
  actions: {
    /** A message whose dismissal is still pending stays hidden, even if a reload returns it. */
    storeMessages: assign(({ context }, messages: ReadonlyArray<Message>) => ({
      messages: messages.filter((m) => !context.pending.includes(m.id)),
    })),
    clearMessages: assign({ messages: [] as ReadonlyArray<Message> }),
    hideMessage: assign(({ context, event }) =>
      event.type === "messages.dismissed"
        ? { messages: context.messages.filter((m) => m.id !== event.id), pending: [...context.pending, event.id] }
        : {},
    ),
    /** A failed dismissal is not retried: the message comes back on the next load. */
    shiftPending: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    followSession: assign(({ context }, scope: SessionScope) => ({ api: scope.api, source: messageSourceOf(context.source.kind, scope) })),
  },
  guards: {
    isDismissable: ({ context, event }) =>
      event.type === "messages.dismissed" &&
      context.source.kind === "account" &&
      context.messages.some((m) => m.id === event.id),
    hasPendingDismissal: ({ context }) => context.pending.length > 0,
    /** Another base URL or token, or (for account messages) another program: the messages to show are others. */
    changesMessages: ({ context }, scope: SessionScope) =>
      context.api.baseUrl !== scope.api.baseUrl || context.api.token !== scope.api.token || !sameSource(context.source, messageSourceOf(context.source.kind, scope)),
  },
}).createMachine({
  id: "messages",
  context: ({ input }) => {
    const scope = currentSessionScope(input.session);
    return { session: input.session, api: scope.api, source: messageSourceOf(input.kind, scope), messages: [], pending: [] };
  },
  invoke: { src: "sessionScopeListener", input: ({ context }) => ({ session: context.session }) },
  initial: "loading",
  on: {
    "session.scopeChanged": {
      guard: { type: "changesMessages", params: ({ event }) => event.scope },
      target: ".loading",
      actions: { type: "followSession", params: ({ event }) => event.scope },
    },
    "messages.reloaded": ".loading",
  },
  states: {
    loading: {
      invoke: {
        src: "loadMessages",
        input: ({ context }) => ({ api: context.api, source: context.source }),
        onDone: { target: "ready", actions: { type: "storeMessages", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: "clearMessages" },
      },
    },
    ready: {
      initial: "idle",
      states: {
        idle: {
          always: { guard: "hasPendingDismissal", target: "dismissing" },
        },
        dismissing: {
          invoke: {
            src: "dismissMessage",
            input: ({ context }) => ({
              api: context.api,
              id: context.pending[0] ?? -1,
            }),
            onDone: { target: "idle", actions: "shiftPending" },
            onError: { target: "idle", actions: "shiftPending" },
          },
        },
      },
      on: { "messages.dismissed": { guard: "isDismissable", actions: "hideMessage" } },
    },
  },
});

type Snap = SnapshotFrom<typeof messagesMachine>;
export const messagesSelectors = {
  isLoading: (s: Snap) => s.matches("loading"),
  visibleMessages: (s: Snap) => s.context.messages,
  canDismiss: (s: Snap) => s.context.source.kind === "account",
};
export type MessagesActorRef = ActorRefFrom<typeof messagesMachine>;
