/**
 * Dismissed messages as the browser remembers them: per API and user, the newest
 * `keptDismissals` ids as a JSON array (the server keeps every dismissal too).
 */

/** The newest dismissals kept; older ones are dropped. */
export const keptDismissals = 50;

/** Where a person's dismissed message ids are kept: per API and user. */
export const dismissedKey = (baseUrl: string, userId: number): string => `messages.dismissed ${baseUrl} ${userId}`;

/** Dismissed ids as kept (a JSON array of ids); anything unreadable counts as none. */
export const dismissedIdsOf = (kept: string | null): ReadonlyArray<number> => {
  try {
    const ids: unknown = JSON.parse(kept ?? "[]");
    return Array.isArray(ids) ? ids.filter(Number.isInteger) : [];
  } catch {
    return [];
  }
};

/** The dismissed ids with `id` as the newest, at most `keptDismissals` of them. */
export const withDismissed = (ids: ReadonlyArray<number>, id: number): ReadonlyArray<number> => [...ids.filter((i) => i !== id), id].slice(-keptDismissals);
