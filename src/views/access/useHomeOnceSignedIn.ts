import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { paths } from "../shell/routePaths";

/** An access screen that signs its person in (first run, an accepted invitation) hands over to /performance once the session is signed in; gives the way to move on. */
export const useHomeOnceSignedIn = (): ReturnType<typeof useLocation>[1] => {
  const { session } = useAppActors();
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (signedIn) navigate(paths.performance, { replace: true });
  }, [signedIn, navigate]);
  return navigate;
};
