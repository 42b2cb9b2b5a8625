import { Effect } from "effect";
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Ok } from "../../domain/access/auth";
import { startsCollapsed, type Message } from "../../domain/shell/message";
import * as messagesApi from "../../services/shell/messages";
import type { ApiCall, ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import type { SessionScope } from "../../domain/report/reportScope";
import { fromApiCall } from "../runtime/fromEffect";
import type { DismissalMemory } from "./dismissalMemory";
import { followSessionScope, openingScope, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "./sessionScope";

/** Which messages a message area shows: the login page's system messages, or the signed-in user's and program's. */
export type MessageSource = { readonly kind: "system" } | { readonly kind: "account"; readonly program: string | null };

export interface MessagesInput {
  /** The session: where calls go, and (for account messages) the program. */
  readonly session: SessionSource;
  readonly kind: MessageSource["kind"];
  /** Where account messages' dismissals are remembered across reloads (`dismissalMemory`); none: only the server remembers them. */
  readonly memory?: DismissalMemory;
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
  /** The session's scope the messages are for (the listener follows the session from it). */
  readonly scope: SessionScope;
  readonly memory: DismissalMemory | undefined;
  readonly messages: ReadonlyArray<Message>;
  /** Dismissed on screen, waiting to be sent to the server, oldest first. */
  readonly pending: ReadonlyArray<number>;
}

export type MessagesEvent =
  | { type: "messages.dismissed"; id: number }
  | { type: "messages.reloaded" }
  | { type: "messages.groupToggled" }
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
 * each account message be dismissed. Dismissing hides the message at once and remembers
 * it in the browser, so it stays hidden after a reload even before (or without) the
 * server's answer; dismissals are sent one after another, and a remembered one the
 * server still returns is sent again. The messages show as a group that starts
 * collapsed when it has more than two (`startsCollapsed`) and opens and closes as one.
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
    ...sessionScopeActors,
  },
  actions: {
    /** A message whose dismissal is pending or remembered stays hidden, even if a reload returns it; a remembered one is sent again. */
    storeMessages: assign(({ context }, messages: ReadonlyArray<Message>) => {
      const dismissed = context.memory?.dismissed() ?? [];
      const pending = [...context.pending, ...messages.filter((m) => dismissed.includes(m.id) && !context.pending.includes(m.id)).map((m) => m.id)];
      return { messages: messages.filter((m) => !pending.includes(m.id)), pending };
    }),
    clearMessages: assign({ messages: [] as ReadonlyArray<Message> }),
    hideMessage: assign(({ context }, id: number) => ({ messages: context.messages.filter((m) => m.id !== id), pending: [...context.pending, id] })),
    rememberDismissal: ({ context }, id: number) => context.memory?.remember(id),
    /** A failed dismissal is not retried at once: it is sent again after the next load. */
    shiftPending: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    followSession: assign(({ context }, scope: SessionScope) => ({ scope, api: scope.api, source: messageSourceOf(context.source.kind, scope) })),
  },
  guards: {
    isDismissable: ({ context }, id: number) => context.source.kind === "account" && context.messages.some((m) => m.id === id),
    hasPendingDismissal: ({ context }) => context.pending.length > 0,
    startsCollapsed: ({ context }) => startsCollapsed(context.messages.length),
    /** Another base URL or token, or (for account messages) another program: the messages to show are others. */
    changesMessages: ({ context }, scope: SessionScope) =>
      context.api.baseUrl !== scope.api.baseUrl || context.api.token !== scope.api.token || !sameSource(context.source, messageSourceOf(context.source.kind, scope)),
  },
}).createMachine({
  id: "messages",
  context: ({ input }) => {
    const scope = openingScope(input.session);
    return {
      session: input.session,
      scope,
      memory: input.memory,
      api: scope.api,
      source: messageSourceOf(input.kind, scope),
      messages: [],
      pending: [],
    };
  },
  invoke: followSessionScope,
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
    /** Two regions: the dismissals being sent, and the group open or collapsed (decided afresh at each load). */
    ready: {
      type: "parallel",
      states: {
        dismissal: {
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
        },
        group: {
          initial: "deciding",
          states: {
            deciding: {
              always: [{ guard: "startsCollapsed", target: "collapsed" }, { target: "open" }],
            },
            open: { on: { "messages.groupToggled": "collapsed" } },
            collapsed: { on: { "messages.groupToggled": "open" } },
          },
        },
      },
      on: {
        "messages.dismissed": {
          guard: { type: "isDismissable", params: ({ event }) => event.id },
          actions: [
            { type: "hideMessage", params: ({ event }) => event.id },
            { type: "rememberDismissal", params: ({ event }) => event.id },
          ],
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof messagesMachine>;
export const messagesSelectors = {
  isLoading: (s: Snap) => s.matches("loading"),
  visibleMessages: (s: Snap) => s.context.messages,
  canDismiss: (s: Snap) => s.context.source.kind === "account",
  /** The group shows its messages (collapsed, and while loading, only its 'n messages' line). */
  isOpen: (s: Snap) => s.matches({ ready: { group: "open" } }),
};
export type MessagesActorRef = ActorRefFrom<typeof messagesMachine>;
