import { fromCallback } from "xstate";
import { sameSessionScope, sessionScopeOf, type SessionScope } from "../../domain/report/reportScope";
import { currentSessionScope, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";

/**
 * Follows the session for a report that opened with `scope`: tells its parent
 * `session.scopeChanged` at once when the session's scope is no longer the one the report
 * opened with, and after that each time the scope changes (nothing for other session
 * changes). A view creates the report's actor while rendering and starts it after; a
 * shared link's program and dates may reach the session in between, and a listener that
 * started from the session's scope of that moment would never tell the report.
 */
export const openedScopeListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource; readonly scope: SessionScope }>(({ input, sendBack }) => {
  let last = input.scope;
  const tell = (next: SessionScope) => {
    if (sameSessionScope(last, next)) return;
    last = next;
    sendBack({ type: "session.scopeChanged", scope: next } satisfies SessionScopeChanged);
  };
  tell(currentSessionScope(input.session));
  const subscription = input.session.subscribe((snapshot) => tell(sessionScopeOf(snapshot.context)));
  return () => subscription.unsubscribe();
});

/** The listener's input: the report's session and the scope it opened with. */
export const openedScopeInput = ({ context }: { readonly context: { readonly session: SessionSource; readonly scope: SessionScope } }) => ({
  session: context.session,
  scope: context.scope,
});
