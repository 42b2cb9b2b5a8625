import { createActor, type AnyActorRef, type AnyStateMachine, type InspectionEvent, type Snapshot } from "xstate";
import { Storage, type KeyValueStore } from "../../services/runtime/storage";
import { appRuntime } from "../../services/runtime/runtime";

/**
 * The one place where actors are persisted and restored: `getPersistedSnapshot` out,
 * `createActor(machine, { snapshot })` in. A stored snapshot written by another version
 * (or that does not parse) is discarded.
 */
export interface PersistenceOptions {
  readonly key: string;
  readonly version: number;
  readonly store?: KeyValueStore;
}

/** The store given, or the runtime's `Storage` service (localStorage in the browser). */
const storeOf = (opts: PersistenceOptions): KeyValueStore => opts.store ?? appRuntime.runSync(Storage);

interface Envelope {
  readonly version: number;
  readonly snapshot: unknown;
}

const isEnvelope = (u: unknown): u is Envelope =>
  typeof u === "object" && u !== null && typeof (u as Envelope).version === "number" && "snapshot" in u;

export const readSnapshot = (opts: PersistenceOptions): Snapshot<unknown> | undefined => {
  const store = storeOf(opts);
  const raw = store.get(opts.key);
  if (raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isEnvelope(parsed) && parsed.version === opts.version && parsed.snapshot) return parsed.snapshot as Snapshot<unknown>;
  } catch {
    /* fall through: an unreadable snapshot is discarded */
  }
  store.remove(opts.key);
  return undefined;
};

export const writeSnapshot = (actor: AnyActorRef, opts: PersistenceOptions): void => {
  const store = storeOf(opts);
  store.set(opts.key, JSON.stringify({ version: opts.version, snapshot: actor.getPersistedSnapshot() }));
};

/** Creates an actor from its stored snapshot (when compatible) and keeps storing it as it changes. */
export const createPersistedActor = <TMachine extends AnyStateMachine>(
  machine: TMachine,
  opts: PersistenceOptions & { readonly input?: unknown; readonly inspect?: (ev: InspectionEvent) => void },
) => {
  const snapshot = readSnapshot(opts);
  const make = (s: Snapshot<unknown> | undefined) =>
    createActor(machine, {
      ...(s ? { snapshot: s } : {}),
      ...(opts.input !== undefined ? { input: opts.input } : {}),
      ...(opts.inspect ? { inspect: opts.inspect } : {}),
    } as never);
  let actor: ReturnType<typeof make>;
  try {
    actor = make(snapshot);
  } catch {
    storeOf(opts).remove(opts.key);
    actor = make(undefined);
  }
  actor.subscribe(() => writeSnapshot(actor, opts));
  return { actor, restored: snapshot !== undefined };
};

/**
 * A machine that starts from its stored snapshot (when compatible) wherever it is spawned,
 * for an actor a parent spawns (the app root's session): the machine itself, but its first
 * snapshot is the stored one. Keep it stored with `writeSnapshot` as it changes.
 */
export const persistedLogic = <TMachine extends AnyStateMachine>(machine: TMachine, opts: PersistenceOptions): { readonly logic: TMachine; readonly restored: boolean } => {
  const stored = readSnapshot(opts);
  if (stored === undefined) return { logic: machine, restored: false };
  const logic = Object.create(machine) as TMachine;
  let restored = true;
  logic.getInitialSnapshot = ((scope: Parameters<TMachine["getInitialSnapshot"]>[0], input: unknown) => {
    try {
      return machine.restoreSnapshot(stored as never, scope as never);
    } catch {
      storeOf(opts).remove(opts.key);
      restored = false;
      return machine.getInitialSnapshot(scope as never, input as never);
    }
  }) as TMachine["getInitialSnapshot"];
  return {
    logic,
    get restored() {
      return restored;
    },
  };
};
