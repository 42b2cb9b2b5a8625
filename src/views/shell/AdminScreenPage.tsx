import type { ReactNode } from "react";
import type { ActorRefFrom, AnyActorLogic } from "xstate";
import { useLocation } from "wouter";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { Screen, type RouteInput, type ScreenQuery } from "./appChildren";
import { AppShell } from "./AppShell";

/**
 * An admin screen of its own route with nothing to open (programs, people, the audit trail):
 * the app root's screen child `name`, its machine given how to leave for `/` (a refusal sends
 * the person home), drawn in the app shell even before any program exists. A screen whose link
 * carries its choices (the Audit Trail's filters) gives its `route` (its `search`) and `query`.
 */
export const AdminScreenPage = <L extends AnyActorLogic, C = never>({
  title,
  name,
  logic,
  route,
  query,
  children,
}: {
  readonly title: string;
  readonly name: string;
  readonly logic: (goHome: () => void) => L;
  readonly route?: RouteInput<L>;
  readonly query?: ScreenQuery<L, C>;
  readonly children: (screen: ActorRefFrom<L>) => ReactNode;
}) => {
  useDocumentTitle(title);
  const [, navigate] = useLocation();
  return (
    <Screen name={name} routeKey="" logic={logic(() => navigate("/", { replace: true }))} route={route ?? ({} as RouteInput<L>)} {...(query ? { query } : {})}>
      {(screen) => <AppShell withoutProgram>{children(screen)}</AppShell>}
    </Screen>
  );
};
