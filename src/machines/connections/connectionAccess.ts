import { fromCallback } from "xstate";
import { connectorsBaseUrlOf, externalPageOf, type ExternalPage } from "../../domain/connections/connections";
import type { ApiContext, SessionState } from "../../domain/shell/session";
import type { User } from "../../domain/shell/user";
import { memoLast } from "../runtime/memoLast";
import type { SessionSource } from "../shell/sessionScope";

/** Who calls the connections service and where: its base URL beside the session's API, the session's token, the user's id. */
export interface ConnectionAccess {
  readonly api: ApiContext;
  readonly userId: number;
}

/** The session's connection access, or null while it has no signed-in user. */
export const connectionAccessOf = (state: SessionState): ConnectionAccess | null =>
  state.user === null || state.token === null
    ? null
    : { api: { baseUrl: connectorsBaseUrlOf(state.apiBaseUrl), token: state.token }, userId: state.user.id };

export const sameConnectionAccess = (a: ConnectionAccess | null, b: ConnectionAccess | null): boolean =>
  a === b || (a !== null && b !== null && a.userId === b.userId && a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token);

/** The session's connection access now, for a connections actor to start with. */
export const currentConnectionAccess = (session: SessionSource): ConnectionAccess | null => connectionAccessOf(session.getSnapshot().context);

/** Told to a connections actor when the session's connection access changes (another user, token or API base URL). */
export interface ConnectionAccessChanged {
  readonly type: "connections.accessChanged";
  readonly access: ConnectionAccess | null;
}

/** A callback actor that follows the session and tells its parent `connections.accessChanged` on each change of access. */
export const connectionAccessListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource }>(({ input, sendBack }) => {
  let last = currentConnectionAccess(input.session);
  const subscription = input.session.subscribe((snapshot) => {
    const next = connectionAccessOf(snapshot.context);
    if (sameConnectionAccess(last, next)) return;
    last = next;
    sendBack({ type: "connections.accessChanged", access: next } satisfies ConnectionAccessChanged);
  });
  return () => subscription.unsubscribe();
});

const facebookPageOf = memoLast((user: User | null, apiBaseUrl: string): ExternalPage | null =>
  user === null ? null : externalPageOf("facebook", connectorsBaseUrlOf(apiBaseUrl), user.id),
);

/** Named selectors over the session, for the connection pages. */
export const connectionSessionSelectors = {
  /** The social platform's external page for the signed-in user (`svid` = the user id); null before the user is known. */
  facebookPage: (s: { readonly context: SessionState }): ExternalPage | null => facebookPageOf(s.context.user, s.context.apiBaseUrl),
};
