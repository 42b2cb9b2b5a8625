/**
 * How many API calls are under way, so work that can wait (loading the menu's screens ahead)
 * waits for a page that has its data (issue 27, "Ready fast": chunks loaded ahead during the
 * sign-in were evaluated on the main thread while the landing screen's answers arrived).
 */
export interface CallsInFlight {
  /** Calls under way now. */
  readonly count: () => number;
  /** Runs `f` once no call is under way (at once when none is); the returned function cancels it. */
  readonly whenNone: (f: () => void) => () => void;
  /** A call starts; the returned function ends it (once, however often it is called). */
  readonly started: () => () => void;
}

export const createCallsInFlight = (): CallsInFlight => {
  let count = 0;
  const waiting = new Set<() => void>();
  return {
    count: () => count,
    whenNone: (f) => {
      if (count === 0) {
        f();
        return () => undefined;
      }
      const entry = () => f();
      waiting.add(entry);
      return () => void waiting.delete(entry);
    },
    started: () => {
      count++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        count--;
        if (count > 0) return;
        const due = [...waiting];
        waiting.clear();
        for (const f of due) f();
      };
    },
  };
};

/** The calls the live transport (`fetchApiClient`) makes. */
export const liveCallsInFlight: CallsInFlight = createCallsInFlight();
