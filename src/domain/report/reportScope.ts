import type { DateRange } from "./dateRange";
import type { Program } from "../shell/program";
import { currentProgram, type ApiContext, type NamedFilter, type SessionState } from "../shell/session";

/**
 * What every screen is opened with, as the session says it: where calls go (base URL and
 * token), the program, its dates and the named filter. A screen's actor keeps the scope
 * it was opened with and reloads when the session's scope changes.
 */
export interface SessionScope {
  readonly api: ApiContext;
  /** The program looked at (null before the session knows the programs). */
  readonly program: Program | null;
  readonly range: DateRange | null;
  readonly filter: NamedFilter;
  /** The signed-in user's id (null before the session knows the user): the connections screens call as this user. */
  readonly userId: number | null;
}

export const sessionScopeOf = (state: SessionState): SessionScope => ({
  api: { baseUrl: state.apiBaseUrl, token: state.token },
  program: currentProgram(state) ?? null,
  range: state.range,
  filter: state.preferences.namedFilter,
  userId: state.user?.id ?? null,
});

const sameRange = (a: DateRange | null, b: DateRange | null): boolean => a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);

/**
 * Whether two scopes would load the same data: field by field (programs compare by code,
 * offset and currency). The user's id aside: a report's data is the token's, and the user
 * is known only after the token (a reload would otherwise load every report twice).
 */
export const sameSessionScope = (a: SessionScope, b: SessionScope): boolean =>
  a.api.baseUrl === b.api.baseUrl &&
  a.api.token === b.api.token &&
  (a.program === b.program ||
    (a.program !== null &&
      b.program !== null &&
      a.program.code === b.program.code &&
      a.program.utc_offset === b.program.utc_offset &&
      a.program.time_zone === b.program.time_zone &&
      a.program.currency === b.program.currency)) &&
  sameRange(a.range, b.range) &&
  a.filter === b.filter;

/** Whether two scopes are the same in every field, the user's id too: a screen's actor is told of any other one. */
export const sameSessionScopeAndUser = (a: SessionScope, b: SessionScope): boolean => sameSessionScope(a, b) && a.userId === b.userId;
