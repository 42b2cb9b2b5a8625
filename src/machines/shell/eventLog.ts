import type { InspectionEvent } from "xstate";

/** One recorded event: which actor received it, and the event itself (JSON-safe). */
export interface RecordedEvent {
  readonly actor: string;
  readonly event: { readonly type: string } & Record<string, unknown>;
}

/**
 * A bounded log of the events every actor receives, fed by XState's inspection API
 * (`createActor(machine, { inspect: log.inspect })`). A recording can be saved as JSON
 * and replayed in a test to reproduce what a person saw.
 */
export const createEventLog = (limit = 500) => {
  const entries: RecordedEvent[] = [];
  const inspect = (ev: InspectionEvent): void => {
    if (ev.type !== "@xstate.event") return;
    const event = ev.event as RecordedEvent["event"];
    if (typeof event.type !== "string" || event.type.startsWith("xstate.")) return;
    // The machine's id ('session', 'signIn', …) names the actor; other actors keep their own id.
    const ref = ev.actorRef as { id?: string; logic?: { id?: unknown } };
    const actor = typeof ref.logic?.id === "string" ? ref.logic.id : (ref.id ?? "unknown");
    let safe: RecordedEvent["event"];
    try {
      safe = JSON.parse(JSON.stringify(event)) as RecordedEvent["event"];
    } catch {
      safe = { type: event.type };
    }
    entries.push({ actor, event: safe });
    if (entries.length > limit) entries.splice(0, entries.length - limit);
  };
  return {
    inspect,
    entries: (): ReadonlyArray<RecordedEvent> => [...entries],
    /** The events one actor received, to replay with `actor.send`. */
    eventsOf: (actor: string) => entries.filter((e) => e.actor === actor).map((e) => e.event),
    toJSON: () => JSON.stringify({ recordedAt: new Date().toISOString(), entries }, null, 2),
    clear: () => void entries.splice(0),
  };
};
export type EventLog = ReturnType<typeof createEventLog>;
