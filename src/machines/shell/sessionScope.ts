import { fromCallback } from "xstate";
import { sameSessionScope, sessionScopeOf, type SessionScope } from "../../domain/report/reportScope";
import type { ApiContext, SessionState } from "../../domain/shell/session";

/** Told to a screen's actor when the session's scope (API context, program, dates, named filter) changes. */
export interface SessionScopeChanged {
  readonly type: "session.scopeChanged";
  readonly scope: SessionScope;
}

/** Any actor whose snapshots carry the session's context: the session actor, or a test double. */
export interface SessionSource {
  getSnapshot(): { readonly context: SessionState };
  subscribe(listener: (snapshot: { readonly context: SessionState }) => void): { unsubscribe(): void };
}

/** The session's scope now, for a screen's actor to start with. */
export const currentSessionScope = (session: SessionSource): SessionScope => sessionScopeOf(session.getSnapshot().context);

/** Where the access screens (sign-in, password recovery and reset) call: the session's base URL, without a token. */
export const signedOutApiOf = (session: SessionSource): ApiContext => ({ baseUrl: session.getSnapshot().context.apiBaseUrl, token: null });

/**
 * A callback actor a screen's actor invokes to follow the session: it tells its parent
 * `session.scopeChanged` each time the scope differs from the last one it told (or the
 * one the parent started with), and nothing for changes that do not touch the scope
 * (a sort, a chart preference).
 */
export const sessionScopeListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource }>(({ input, sendBack }) => {
  let last = currentSessionScope(input.session);
  const subscription = input.session.subscribe((snapshot) => {
    const next = sessionScopeOf(snapshot.context);
    if (sameSessionScope(last, next)) return;
    last = next;
    sendBack({ type: "session.scopeChanged", scope: next } satisfies SessionScopeChanged);
  });
  return () => subscription.unsubscribe();
});
