import { navigate, usePathname, useSearch } from "wouter/use-browser-location";

/**
 * wouter runs `decodeURI` over the path and the query before matching. That half-decodes
 * route parameters (a taxonomy value holding '%2F' or '%25' would come out wrong), so
 * these hooks hand wouter the location with every '%' escaped once: its decodeURI then
 * gives back the location exactly as it was encoded, and each route parameter is
 * decoded once, with decodeURIComponent, by the route that reads it.
 */
const shieldPercent = (s: string): string => s.replace(/%/g, "%25");

export const useRawLocation = (): [string, typeof navigate] => [shieldPercent(usePathname()), navigate];

export const useRawSearch = (): string => shieldPercent(useSearch());

/** Decodes a route parameter once; a malformed escape is kept as it was typed. */
export const routeParam = (raw: string | undefined): string => {
  try {
    return decodeURIComponent(raw ?? "");
  } catch {
    return raw ?? "";
  }
};
