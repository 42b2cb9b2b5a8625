import type { Temporal as TemporalApi } from "temporal-polyfill";

export type { TemporalApi };

/**
 * The Temporal API: the platform's own where the browser ships it (so it costs no
 * download), else temporal-polyfill, which the app's entry installs on globalThis before
 * anything runs (`installTemporal`). Node (server, tests) installs the polyfill too.
 */
export const temporal = (): typeof TemporalApi => {
  const t = (globalThis as { Temporal?: typeof TemporalApi }).Temporal;
  if (!t) throw new Error("Temporal is not installed: import 'temporal-polyfill/global' (or call installTemporal) first");
  return t;
};
