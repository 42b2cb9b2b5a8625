import type { AnyActorRef, InspectionEvent } from "xstate";

/**
 * One recorded event: the actor that received it, by its place in the actor tree
 * (`root/performance/table`: each actor's id from the root down), the machine it runs
 * (when it is one), whether it came from outside the system (a person, through a view:
 * a replay sends only these, the rest follows from them) and the event itself (JSON-safe;
 * logic and actor refs inside it are named, not copied).
 */
export interface RecordedEvent {
  readonly actor: string;
  readonly machine?: string;
  readonly external: boolean;
  readonly event: { readonly type: string } & Record<string, unknown>;
}

/** One machine actor's state when the recording was saved, by its place in the tree. */
export interface RecordedSnapshot {
  readonly value: unknown;
  readonly context: unknown;
}

export interface Recording {
  readonly recordedAt: string;
  readonly entries: ReadonlyArray<RecordedEvent>;
  readonly snapshots: Readonly<Record<string, RecordedSnapshot>>;
}

interface TreeActor {
  readonly id: string;
  readonly _parent?: TreeActor;
  readonly logic?: { readonly id?: unknown };
}

/** An actor's place in its system's tree: the ids from the root down, joined by `/`. */
export const actorPath = (ref: AnyActorRef): string => {
  const ids: string[] = [];
  for (let a: TreeActor | undefined = ref as unknown as TreeActor; a; a = a._parent) ids.unshift(a.id);
  return ids.join("/");
};

const isLogic = (v: unknown): boolean =>
  typeof v === "object" && v !== null && typeof (v as { transition?: unknown }).transition === "function" && typeof (v as { getInitialSnapshot?: unknown }).getInitialSnapshot === "function";

const isActorRef = (v: unknown): v is AnyActorRef =>
  typeof v === "object" && v !== null && typeof (v as { send?: unknown }).send === "function" && typeof (v as { getSnapshot?: unknown }).getSnapshot === "function";

/** A JSON copy of a value: actor refs become their place in the tree, logic its id; what cannot be copied is left out. */
export const jsonSafe = (value: unknown): unknown => {
  try {
    return JSON.parse(
      JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
        // JSON.stringify has already called `toJSON`: read the holder's own field to see what it was.
        const raw = key === "" ? value : (this as Record<string, unknown>)[key];
        if (isActorRef(raw)) return { actor: actorPath(raw) };
        if (isLogic(raw)) return { logic: String((raw as { id?: unknown }).id ?? "logic") };
        return v;
      }),
    ) as unknown;
  } catch {
    return undefined;
  }
};

/** The state of every machine actor under `root`, by its place in the tree (other actors have no state to compare). */
export const systemSnapshots = (root: AnyActorRef): Record<string, RecordedSnapshot> => {
  const out: Record<string, RecordedSnapshot> = {};
  const visit = (ref: AnyActorRef) => {
    const snapshot = ref.getSnapshot() as { value?: unknown; context?: unknown; children?: Record<string, AnyActorRef | undefined> } | undefined;
    if (!snapshot || snapshot.value === undefined || snapshot.children === undefined) return;
    out[actorPath(ref)] = { value: jsonSafe(snapshot.value), context: jsonSafe(snapshot.context) };
    for (const child of Object.values(snapshot.children)) if (child) visit(child);
  };
  visit(root);
  return out;
};

/**
 * A bounded log of the events every actor of a system receives, fed by XState's
 * inspection API (`createActor(root, { inspect: log.inspect })`, which every actor the
 * root spawns shares). Saved (`toJSON`) with each machine's state at that moment, it is
 * replayed in a test into a fresh system to reproduce what a person saw
 * (test/machines/shell/recording.test.ts).
 */
export const createEventLog = (limit = 2000) => {
  const entries: RecordedEvent[] = [];
  let root: AnyActorRef | undefined;
  const inspect = (ev: InspectionEvent): void => {
    if (ev.type === "@xstate.actor" && (ev.actorRef as unknown as TreeActor)._parent === undefined) root ??= ev.actorRef as AnyActorRef;
    if (ev.type !== "@xstate.event") return;
    const event = ev.event as RecordedEvent["event"];
    // XState's own events (init, done, error) are no person's or screen's: only named events are recorded.
    const name: unknown = event.type;
    if (typeof name !== "string" || name.startsWith("xstate.")) return;
    const machine = (ev.actorRef as unknown as TreeActor).logic?.id;
    const safe = (jsonSafe(event) as RecordedEvent["event"] | undefined) ?? { type: event.type };
    entries.push({
      actor: actorPath(ev.actorRef as AnyActorRef),
      ...(typeof machine === "string" ? { machine } : {}),
      external: ev.sourceRef === undefined,
      event: safe,
    });
    if (entries.length > limit) entries.splice(0, entries.length - limit);
  };
  const recording = (): Recording => ({
    recordedAt: new Date().toISOString(),
    entries: [...entries],
    snapshots: root ? systemSnapshots(root) : {},
  });
  return {
    inspect,
    entries: (): ReadonlyArray<RecordedEvent> => [...entries],
    /** The events the actor at this place in the tree received, to replay with `actor.send`. */
    eventsOf: (actor: string) => entries.filter((e) => e.actor === actor).map((e) => e.event),
    recording,
    toJSON: () => JSON.stringify(recording(), null, 2),
    clear: () => void entries.splice(0),
  };
};
export type EventLog = ReturnType<typeof createEventLog>;
