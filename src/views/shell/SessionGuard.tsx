import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "./AppActorsContext";
import { paths } from "./routePaths";

/** A 401 anywhere signs the person out (the session does) and goes to /logout, unless on /login. */
export const ExpiryRedirect = () => {
  const { session } = useAppActors();
  const expired = useSelector(session, sessionSelectors.hasExpired);
  const [location, navigate] = useLocation();
  const was = useRef(expired);
  useEffect(() => {
    if (expired && !was.current && location !== paths.login) navigate(paths.logout);
    was.current = expired;
  }, [expired, location, navigate]);
  return null;
};
