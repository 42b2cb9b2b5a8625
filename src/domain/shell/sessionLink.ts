import type { SessionLink } from "./session";

/** Reads the view settings a shared link carries from a query string. */
export const readLink = (search: string): { program: string | null; from: string | null; to: string | null } => {
  const q = new URLSearchParams(search);
  return { program: q.get("program"), from: q.get("date_from"), to: q.get("date_to") };
};

export const linkParams = (v: { program: string; from: string; to: string }): Record<string, string> => ({
  program: v.program,
  date_from: v.from,
  date_to: v.to,
});

/** The query string with the link parameters set and every other parameter kept. */
export const withLinkParams = (search: string, params: Record<string, string>): string => {
  const q = new URLSearchParams(search);
  for (const [k, v] of Object.entries(params)) q.set(k, v);
  return q.toString();
};

export type { SessionLink };
