import { fromCallback } from "xstate";
import { sameSessionScopeAndUser, sessionScopeOf, type SessionScope } from "../../domain/report/reportScope";
import type { ApiContext, SessionState } from "../../domain/shell/session";

/**
 * How every screen's actor follows the session's scope (API context, program, dates,
 * named filter, user), the same way for every screen:
 *
 * - its context holds `session` and the `scope` it opened with (`openingScope`: the
 *   session's now; the shell has already folded the URL's program and dates into it);
 * - it registers `sessionScopeActors` in its `setup` and invokes `followSessionScope`
 *   (the `sessionScopeListener` with `scopeListenerInput`), which tells it
 *   `session.scopeChanged` for each scope other than the one it opened with, and nothing
 *   for session changes that do not touch the scope (a sort, a chart preference);
 * - it answers `session.scopeChanged` with its own guards over the new scope (another
 *   program, dates, API context or user).
 */

/** Told to a screen's actor when the session's scope (API context, program, dates, named filter, user) changes. */
export interface SessionScopeChanged {
  readonly type: "session.scopeChanged";
  readonly scope: SessionScope;
}

/** Any actor whose snapshots carry the session's context: the session actor, or a test double. */
export interface SessionSource {
  getSnapshot(): { readonly context: SessionState };
  subscribe(listener: (snapshot: { readonly context: SessionState }) => void): { unsubscribe(): void };
}

/** The context every screen's actor keeps for its scope: the session, and the scope it holds now. */
export interface ScopedScreen {
  readonly session: SessionSource;
  readonly scope: SessionScope;
}

/** The session's scope now, for a screen's actor to open with. */
export const openingScope = (session: SessionSource): SessionScope => sessionScopeOf(session.getSnapshot().context);

/** Where the access screens (sign-in, password recovery and reset) call: the session's base URL, without a token. */
export const signedOutApiOf = (session: SessionSource): ApiContext => ({ baseUrl: session.getSnapshot().context.apiBaseUrl, token: null });

/**
 * Follows the session's scope from the scope a screen opened with, not from the session's
 * scope when the listener starts. A screen's actor is made while the page renders and
 * started after it; the shell may fold the URL's program and dates into the session in
 * between, and a listener starting from the session's scope then would never tell the
 * screen, which would keep loading its opening scope (a shared link would show the stored
 * dates). This one compares once at start, then on every change, and tells its parent
 * `session.scopeChanged` for each new scope.
 */
export const sessionScopeListener = fromCallback<{ type: "noop" }, ScopedScreen>(({ input, sendBack }) => {
  let last = input.scope;
  const check = (snapshot: { readonly context: SessionState }) => {
    const next = sessionScopeOf(snapshot.context);
    if (sameSessionScopeAndUser(last, next)) return;
    last = next;
    sendBack({ type: "session.scopeChanged", scope: next } satisfies SessionScopeChanged);
  };
  check(input.session.getSnapshot());
  const subscription = input.session.subscribe(check);
  return () => subscription.unsubscribe();
});

/** The actor every screen registers in its `setup` to hear of scope changes. */
export const sessionScopeActors = { sessionScopeListener } as const;

/** The listener's input: the screen's session and the scope it holds now. */
export const scopeListenerInput = ({ context }: { readonly context: ScopedScreen }): ScopedScreen => ({ session: context.session, scope: context.scope });

/** The invocation every screen's actor follows the session with. */
export const followSessionScope = { src: "sessionScopeListener", input: scopeListenerInput } as const;

/** The new scope a `session.scopeChanged` carries, as guard and action params. */
export const newScope = ({ event }: { readonly event: SessionScopeChanged }): SessionScope => event.scope;

/** A guard (named in the machine's `setup`) given the event's new scope as params: `scopeGuard("isOtherScope")`. */
export const scopeGuard = <const TGuard extends string>(type: TGuard) => ({ type, params: newScope }) as const;

/** An action (named in the machine's `setup`) given the event's new scope as params: `scopeAction("holdScope")`. */
export const scopeAction = <const TAction extends string>(type: TAction) => ({ type, params: newScope }) as const;
