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
