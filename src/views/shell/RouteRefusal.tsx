import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { useAppActors } from "./AppActorsContext";
import { paths } from "./routePaths";

/**
 * A route the signed-in person may not open: the app's toasts say `text` and the person
 * goes to `/` (the history entry replaced, so Back does not return to the refusal). The
 * route guard draws it instead of the screen, which so never loads nor starts.
 */
export const RouteRefusal = ({ text }: { readonly text: string }) => {
  const { toasts } = useAppActors();
  const [, navigate] = useLocation();
  // Told once, though a development build runs the effect twice.
  const told = useRef(false);
  useEffect(() => {
    if (!told.current) toasts.send({ type: "toast.shown", text, kind: "error" });
    told.current = true;
    navigate(paths.home, { replace: true });
  }, [navigate, text, toasts]);
  return null;
};
