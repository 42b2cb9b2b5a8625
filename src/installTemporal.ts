/** Loads temporal-polyfill only where the browser has no Temporal of its own. */
export const installTemporal = async (): Promise<void> => {
  if (!("Temporal" in globalThis)) await import("temporal-polyfill/global");
};
