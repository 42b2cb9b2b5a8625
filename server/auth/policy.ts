import { invitationLifetimeDays } from "../../src/domain/people/people";

/** The access rules (session length, sign-in and reset-request throttles), in one place. */

const minute = 60_000;
const hour = 60 * minute;

export const sessionLifetimeMs = 12 * hour;
export const resetLinkLifetimeMs = hour;
/** An invitation's link: 7 days (src/domain/people/people.ts, invitationLifetimeDays). */
export const invitationLinkLifetimeMs = invitationLifetimeDays * 24 * hour;

/** Login: 5 failures per username in 5 minutes, then 429 until the oldest leaves the window. */
export const loginFailureLimit = { limit: 5, windowMs: 5 * minute } as const;
/**
 * Login: 30 failures per client address in 15 minutes (one password tried over many
 * usernames), then 429 for that address. Successful sign-ins do not count.
 */
export const loginFailuresPerAddress = { limit: 30, windowMs: 15 * minute } as const;
/** Reset requests per email address; over it the answer is still Ok, nothing is sent. */
export const resetRequestsPerEmail = { limit: 5, windowMs: 15 * minute } as const;
/** Reset requests per client address (several people may share one), then 429. */
export const resetRequestsPerAddress = { limit: 30, windowMs: 15 * minute } as const;
/** Reset-link checks (validate and reset) per client address, then 429. */
export const resetLinkChecksPerAddress = { limit: 60, windowMs: 15 * minute } as const;

export const sessionExpiresAt = (openedAt: number): number => openedAt + sessionLifetimeMs;
export const resetLinkExpiresAt = (issuedAt: number): number => issuedAt + resetLinkLifetimeMs;
export const invitationLinkExpiresAt = (issuedAt: number): number => issuedAt + invitationLinkLifetimeMs;

/** A thing that expires at `expiresAt` is still good strictly before it. */
export const isUnexpired = (expiresAt: number, now: number): boolean => now < expiresAt;

export interface ResetLinkState {
  readonly email: string;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

export type ResetLinkVerdict = "usable" | "used" | "expired" | "wrong_email";

/** Whether a stored reset link may be used by `email` (any case) at `now`. */
export const judgeResetLink = (link: ResetLinkState, email: string, now: number): ResetLinkVerdict => {
  if (link.email !== email.trim().toLowerCase()) return "wrong_email";
  if (link.usedAt !== null) return "used";
  if (!isUnexpired(link.expiresAt, now)) return "expired";
  return "usable";
};

/** Login and reset throttles key on what a person types, without case or spaces around it. */
export const throttleKey = (typed: string): string => typed.trim().toLowerCase();
