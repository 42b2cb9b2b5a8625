import { dismissedIdsOf, dismissedKey, withDismissed } from "../../domain/shell/messageDismissals";
import { Storage, type KeyValueStore } from "../../services/runtime/storage";
import { appRuntime } from "../../services/runtime/runtime";
import type { SessionSource } from "./sessionScope";

/**
 * Where the top message area remembers dismissals across reloads: the signed-in person's
 * dismissed ids (per API and user, read afresh at each use since either may change), kept
 * in the runtime's `Storage` (localStorage in the browser) or the store given.
 */
export interface DismissalMemory {
  /** The ids dismissed so far (none without a signed-in user). */
  readonly dismissed: () => ReadonlyArray<number>;
  /** Adds a dismissal (nothing without a signed-in user). */
  readonly remember: (id: number) => void;
}

export const dismissalMemory = (session: SessionSource, store: KeyValueStore = appRuntime.runSync(Storage)): DismissalMemory => {
  const key = (): string | null => {
    const { apiBaseUrl, user } = session.getSnapshot().context;
    return user ? dismissedKey(apiBaseUrl, user.id) : null;
  };
  const dismissed = (): ReadonlyArray<number> => {
    const k = key();
    return k ? dismissedIdsOf(store.get(k)) : [];
  };
  return {
    dismissed,
    remember: (id) => {
      const k = key();
      if (k) store.set(k, JSON.stringify(withDismissed(dismissed(), id)));
    },
  };
};
