import { messagesMachine } from "../../../src/machines/shell/messages.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, messageOne, messageTwo, ok, quietSessionScopeListener, scopeOf, sessionOf } from "../fixtures";

/**
 * The message area: load, show, dismiss (hidden at once, sent one after another), the
 * group open or collapsed. Dismissals remembered across reloads and groups of more than
 * two messages are the scenario tests' (a memory is a store shared between paths, which
 * a model's inputs must not be; a third message multiplies the paths tenfold).
 */
export const messagesModel = defineMachineModel({
  name: "messages",
  machine: messagesMachine,
  input: {
    account: () => ({ session: sessionOf(), kind: "account" as const }),
    system: () => ({ session: sessionOf({ token: null }), kind: "system" as const }),
  },
  events: {
    // Dismiss each visible message, and one that is not shown.
    "messages.dismissed": (s) => ({ ...Object.fromEntries(s.context.messages.map((m) => [`#${m.id}`, { id: m.id }])), unknown: { id: 999 } }),
    "messages.reloaded": [{}],
    // The group opens and collapses while nothing is being sent (elsewhere it is the same toggle).
    "messages.groupToggled": (s): Record<string, object> => (s.matches({ ready: { dismissal: "idle" } }) && s.context.pending.length === 0 ? { toggle: {} } : {}),
    // What the session's listener tells: another program (reloads account messages), other dates (reloads nothing).
    "session.scopeChanged": { beta: { scope: scopeOf({ programCode: "beta" }) }, march: { scope: scopeOf({ range: { from: "2026-03-01", to: "2026-03-31" } }) } },
  },
  actorOutcomes: {
    loadMessages: { resolves: { two: [messageOne, messageTwo] }, rejects: { server: httpErrors.server } },
    dismissMessage: { resolves: { ok }, rejects: { server: httpErrors.server } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({ source: c.source, shown: c.messages.map((m) => m.id), pending: c.pending }),
  strategies: { simple: { observe: (c) => ({ source: c.source, pending: c.pending.length > 0 }), maxPaths: 150 } },
  check: ({ action, after, before, newCalls }) => {
    const dismissals = newCalls.filter((c) => c.kind === "actor" && c.name === "dismissMessage");
    for (const d of dismissals) {
      const id = (d.payload as { id: number }).id;
      invariant(after.context.pending[0] === id, "the oldest pending dismissal is sent");
      invariant(!after.context.messages.some((m) => m.id === id), "a dismissed message is not shown");
    }
    if (action.kind === "event" && action.event.type === "messages.dismissed" && before?.matches("ready")) {
      const id = (action.event as { id?: number }).id;
      const wasShown = before.context.messages.some((m) => m.id === id);
      const dismissable = wasShown && before.context.source.kind === "account";
      invariant(after.context.messages.some((m) => m.id === id) === (wasShown && !dismissable), "dismissing hides an account message at once");
      invariant(after.context.messages.length === before.context.messages.length - (dismissable ? 1 : 0), "only that message is hidden");
    }
    // The group: decided at each load (open for at most two messages), then toggled as one.
    if (action.kind === "actor" && action.src === "loadMessages" && after.matches("ready")) {
      invariant(after.matches({ ready: { group: "open" } }) === after.context.messages.length <= 2, "more than two messages start collapsed");
    }
    if (action.kind === "event" && action.event.type === "messages.groupToggled" && before?.matches("ready")) {
      invariant(after.matches({ ready: { group: "open" } }) !== before.matches({ ready: { group: "open" } }), "the group opens or collapses");
    }
    const loads = newCalls.filter((c) => c.kind === "actor" && c.name === "loadMessages");
    invariant(loads.length === (after.matches("loading") && (action.kind !== "actor" || action.src !== "loadMessages") ? 1 : 0), "one load per (re)load");
    // Nothing dismissed stays visible, whatever the server answers later.
    for (const id of after.context.pending) invariant(!after.context.messages.some((m) => m.id === id), `pending dismissal #${id} is visible again`);
  },
});
