import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { paths } from "../shell/routePaths";
import { AccessLayout } from "./AccessLayout";

/** /logout: ends the session, then goes to /. */
export const LogoutPage = () => {
  const { session } = useAppActors();
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (signedIn) session.send({ type: "session.signOutRequested" });
    else navigate(paths.home, { replace: true });
  }, [signedIn, session, navigate]);
  return (
    <AccessLayout title="Signing out">
      <p className="loading" role="status">
        Signing you out…
      </p>
    </AccessLayout>
  );
};
