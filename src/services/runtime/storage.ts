import { Context, Layer } from "effect";

/**
 * Key-value persistence for the browser (localStorage), falling back to memory where
 * there is none (tests, private modes that refuse storage).
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export const memoryStore = (): KeyValueStore => {
  const m = new Map<string, string>();
  return {
    get: (k) => m.get(k) ?? null,
    set: (k, v) => void m.set(k, v),
    remove: (k) => void m.delete(k),
  };
};

export const browserStore = (): KeyValueStore => {
  try {
    const ls = globalThis.localStorage;
    const probe = "__store_probe__";
    ls.setItem(probe, "1");
    ls.removeItem(probe);
    return {
      get: (k) => ls.getItem(k),
      set: (k, v) => {
        try {
          ls.setItem(k, v);
        } catch {
          /* quota exceeded: the session still works, it is just not kept */
        }
      },
      remove: (k) => ls.removeItem(k),
    };
  } catch {
    return memoryStore();
  }
};

/** Where the app keeps what outlives a page load (the session); the live layer uses localStorage. */
export class Storage extends Context.Tag("Storage")<Storage, KeyValueStore>() {}

// Marked pure, as ApiClientLive is: the app's runtime provides `browserStore` itself.
export const StorageLive = /* @__PURE__ */ Layer.sync(Storage, browserStore);

/** A store in memory, for tests (pass one to look into it afterwards). */
export const storageTest = (store: KeyValueStore = memoryStore()): Layer.Layer<Storage> => Layer.succeed(Storage, store);
