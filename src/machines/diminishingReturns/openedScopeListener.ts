import { fromCallback } from "xstate";
import { sameSessionScope, sessionScopeOf, type SessionScope } from "../../domain/report/reportScope";
import type { SessionScopeChanged, SessionSource } from "../shell/sessionScope";

/**
 * Follows the session's scope from the scope a report opened with, not from the session's
 * scope when the listener starts. A report's actor is made while the page renders and
 * started after it; the shell may fold the URL's program and dates into the session in
 * between, and a listener starting from the session's scope then would never tell the
 * report, which would keep loading its opening scope. This one compares once at start,
 * then on every change, and tells its parent `session.scopeChanged` for each new scope.
 * Used by the diminishing-returns and funnel trends reports.
 */
export const openedScopeListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource; readonly scope: SessionScope }>(({ input, sendBack }) => {
  let last = input.scope;
  const check = (snapshot: { readonly context: Parameters<typeof sessionScopeOf>[0] }) => {
    const next = sessionScopeOf(snapshot.context);
    if (sameSessionScope(last, next)) return;
    last = next;
    sendBack({ type: "session.scopeChanged", scope: next } satisfies SessionScopeChanged);
  };
  check(input.session.getSnapshot());
  const subscription = input.session.subscribe(check);
  return () => subscription.unsubscribe();
});

/** The listener's input: the report's session and the scope it holds now. */
export const openedScopeListenerInput = ({ context }: { readonly context: { readonly session: SessionSource; readonly scope: SessionScope } }) => ({
  session: context.session,
  scope: context.scope,
});
