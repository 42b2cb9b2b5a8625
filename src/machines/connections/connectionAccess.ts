import { connectorsBaseUrlOf, externalPageOf, type ExternalPage } from "../../domain/connections/connections";
import type { SessionScope } from "../../domain/report/reportScope";
import type { ApiContext, SessionState } from "../../domain/shell/session";
import type { User } from "../../domain/shell/user";
import { memoLast } from "../runtime/memoLast";
import { openingScope, type ScopedScreen, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";

/** Who calls the connections service and where: its base URL beside the session's API, the session's token, the user's id. */
export interface ConnectionAccess {
  readonly api: ApiContext;
  readonly userId: number;
}

/** A scope's connection access, or null while it has no signed-in user. */
export const connectionAccessOf = (scope: SessionScope): ConnectionAccess | null =>
  scope.userId === null || scope.api.token === null
    ? null
    : { api: { baseUrl: connectorsBaseUrlOf(scope.api.baseUrl), token: scope.api.token }, userId: scope.userId };

export const sameConnectionAccess = (a: ConnectionAccess | null, b: ConnectionAccess | null): boolean =>
  a === b || (a !== null && b !== null && a.userId === b.userId && a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token);

/**
 * How a connections screen follows the session: its context keeps the scope it opened with
 * (`openingScope`) and the access of that scope; it follows the session like every screen
 * (`followSessionScope`) and, on `session.scopeChanged`, `isOtherAccess` (params: the new
 * scope) says whether it must start again for other access (`keepAccess`).
 */
export interface ConnectionScreen extends ScopedScreen {
  readonly access: ConnectionAccess | null;
}

/** The opening scope and access of a connections screen. */
export const openingConnectionScope = (session: SessionSource): Pick<ConnectionScreen, "session" | "scope" | "access"> => {
  const scope = openingScope(session);
  return { session, scope, access: connectionAccessOf(scope) };
};

/** The new scope's context fields: the scope and its access. */
export const keepAccessAssignment = (_: unknown, scope: SessionScope) => ({ scope, access: connectionAccessOf(scope) });

/** The connections screens' guards: there is a signed-in user; a new scope has other access. */
export const connectionAccessGuards = {
  hasAccess: ({ context }: { readonly context: ConnectionScreen }) => context.access !== null,
  isOtherAccess: ({ context }: { readonly context: ConnectionScreen }, scope: SessionScope) => !sameConnectionAccess(context.access, connectionAccessOf(scope)),
} as const;

const newScope = ({ event }: { readonly event: SessionScopeChanged }): SessionScope => event.scope;

/**
 * A connections screen's answer to `session.scopeChanged`: other access starts it again
 * from `waiting` (its `storeAccess` action, given the new scope); any other new scope is
 * only kept (`keepScope`).
 */
export const followConnectionAccess = [
  { guard: { type: "isOtherAccess", params: newScope }, target: ".waiting", actions: { type: "storeAccess", params: newScope } },
  { actions: { type: "keepScope", params: newScope } },
] as const;

const facebookPageOf = memoLast((user: User | null, apiBaseUrl: string): ExternalPage | null =>
  user === null ? null : externalPageOf("facebook", connectorsBaseUrlOf(apiBaseUrl), user.id),
);

/** Named selectors over the session, for the connection pages. */
export const connectionSessionSelectors = {
  /** The social platform's external page for the signed-in user (`svid` = the user id); null before the user is known. */
  facebookPage: (s: { readonly context: SessionState }): ExternalPage | null => facebookPageOf(s.context.user, s.context.apiBaseUrl),
};
