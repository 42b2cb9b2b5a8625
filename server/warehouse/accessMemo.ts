import type { User } from "../../src/domain/shell/user";
import type { FoundProgram } from "./warehouse";

/** At most this many sessions, programs and memberships are remembered each (the least recently used goes first). */
export const accessMemoLimit = 10_000;

/**
 * What every API request checks before its work (the session's user, the program by its
 * code, the user's membership), remembered in the process so a burst of requests (a batch
 * import sends one create per row) does not ask the database the same three questions each
 * time. Only answers that cannot silently go stale are kept:
 * - a session with its expiry: it is answered only before it expires, and forgotten when it
 *   ends (sign-out, a password reset, the purge of expired ones). A lookup that began before
 *   a session ended is not remembered after it (the `forgotten` count), so a signed-out
 *   token is never answered from memory once its sign-out has answered;
 * - programs found by code: forgotten while an admin changes or archives one (`whileChangingProgram`,
 *   the same way as an ending session), so the next request reads the change;
 * - memberships found: forgotten while an admin changes or removes the person (`whileChangingMembers`,
 *   the same way as an ending session), so the next request reads the change. Misses are not kept
 *   (a program loaded later is found then).
 * The warehouse owns every write to these tables, so it is the one place that can keep this.
 */
/** Sessions that end: one by its digest, every session of a user, or those expired at a time. */
export type EndingSessions = { readonly tokenDigest: string } | { readonly userId: number } | { readonly expiredAt: number };

export const createAccessMemo = (limit: number = accessMemoLimit) => {
  const sessions = new Map<string, { readonly user: User; readonly expiresAt: number }>();
  const programs = new Map<string, FoundProgram>();
  const members = new Set<string>();
  let forgotten = 0;
  let programsForgotten = 0;
  let membersForgotten = 0;

  const touch = <K, V>(map: Map<K, V>, key: K, value: V): void => {
    map.delete(key);
    map.set(key, value);
    if (map.size > limit) map.delete(map.keys().next().value as K);
  };
  const memberKey = (userId: number, programId: number): string => `${userId}:${programId}`;

  return {
    /** The session's user if remembered and unexpired at `now`. */
    session(tokenDigest: string, now: number): User | null {
      const known = sessions.get(tokenDigest);
      if (!known) return null;
      if (known.expiresAt <= now) {
        sessions.delete(tokenDigest);
        return null;
      }
      return known.user;
    },
    /** Marks the start of a session lookup; pass the mark to `rememberSession`. */
    lookupMark: (): number => forgotten,
    /** Remembers a session found by a lookup begun at `mark`, unless a session ended since. */
    rememberSession(tokenDigest: string, user: User, expiresAt: number, mark: number): void {
      if (mark === forgotten) touch(sessions, tokenDigest, { user, expiresAt });
    },
    /** Forgets sessions: one by its digest, every session of a user, or those expired at a time. */
    forgetSessions(which: EndingSessions): void {
      forgotten++;
      if ("tokenDigest" in which) sessions.delete(which.tokenDigest);
      else
        for (const [digest, known] of sessions)
          if ("userId" in which ? known.user.id === which.userId : known.expiresAt <= which.expiredAt) sessions.delete(digest);
    },
    /**
     * Runs a write that ends sessions, forgetting them before it starts and again once it
     * has committed: a lookup that read them meanwhile (from a snapshot before the commit)
     * is neither remembered nor left behind.
     */
    async whileEnding<T>(which: EndingSessions, write: () => Promise<T>): Promise<T> {
      this.forgetSessions(which);
      try {
        return await write();
      } finally {
        this.forgetSessions(which);
      }
    },
    program: (code: string): FoundProgram | null => programs.get(code) ?? null,
    /** Marks the start of a program lookup; pass the mark to `rememberProgram`. */
    programLookupMark: (): number => programsForgotten,
    /** Remembers a program found by a lookup begun at `mark`, unless a program changed since. */
    rememberProgram(program: FoundProgram, mark: number = programsForgotten): void {
      if (mark === programsForgotten) touch(programs, program.code, program);
    },
    /** Runs a write that changes the program with this code, forgetting it before it starts and again once it committed. */
    async whileChangingProgram<T>(code: string, write: () => Promise<T>): Promise<T> {
      programsForgotten++;
      programs.delete(code);
      try {
        return await write();
      } finally {
        programsForgotten++;
        programs.delete(code);
      }
    },
    isMember: (userId: number, programId: number): boolean => members.has(memberKey(userId, programId)),
    /** Marks the start of a membership lookup; pass the mark to `rememberMember`. */
    memberLookupMark: (): number => membersForgotten,
    /** Remembers a membership found by a lookup begun at `mark`, unless someone's memberships changed since. */
    rememberMember(userId: number, programId: number, mark: number = membersForgotten): void {
      if (mark !== membersForgotten) return;
      const key = memberKey(userId, programId);
      members.delete(key);
      members.add(key);
      if (members.size > limit) members.delete(members.values().next().value as string);
    },
    /**
     * Runs a write that changes a user's memberships (or removes the user), forgetting them before it
     * starts and again once it committed.
     */
    async whileChangingMembers<T>(userId: number, write: () => Promise<T>): Promise<T> {
      const forget = (): void => {
        membersForgotten++;
        for (const key of [...members]) if (key.startsWith(`${userId}:`)) members.delete(key);
      };
      forget();
      try {
        return await write();
      } finally {
        forget();
      }
    },
  };
};

export type AccessMemo = ReturnType<typeof createAccessMemo>;
