import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { linkParams, readLink, withLinkParams } from "../../domain/shell/sessionLink";
import { useAppActors } from "./AppActorsContext";

/**
 * Keeps `program`, `date_from` and `date_to` in the URL so a link reproduces the view:
 * a URL that changes (a shared link, back/forward) is folded into the session first;
 * a session that changes (picker, switcher) is written to the URL. `onRead` is called
 * once the URL has been folded in (the shell starts its screen then).
 */
export const UrlSync = ({ onRead }: { readonly onRead?: () => void }) => {
  const { session } = useAppActors();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const program = useSelector(session, sessionSelectors.programCode);
  const from = useSelector(session, sessionSelectors.dateFrom);
  const to = useSelector(session, sessionSelectors.dateTo);
  const lastSearch = useRef<string | null>(null);

  useEffect(() => {
    const link = readLink(search);
    if (search !== lastSearch.current) {
      lastSearch.current = search;
      const differs = link.program !== program || link.from !== from || link.to !== to;
      if ((link.program || link.from || link.to) && differs) session.send({ type: "session.linkOpened", link });
    }
    onRead?.();
    // The session folds events synchronously: what it holds now is what the URL must say
    // (a link's invalid parts were ignored and are written over).
    const now = session.getSnapshot();
    const current = { program: sessionSelectors.programCode(now), from: sessionSelectors.dateFrom(now), to: sessionSelectors.dateTo(now) };
    if (current.program === null || current.from === null || current.to === null) return;
    if (link.program !== current.program || link.from !== current.from || link.to !== current.to) {
      const next = withLinkParams(search, linkParams({ program: current.program, from: current.from, to: current.to }));
      lastSearch.current = next;
      // The fragment stays: a shared link to a part of the page (/changelog#v0.3.0) still opens there.
      navigate(`${location}?${next}${window.location.hash}`, { replace: true });
    }
  }, [search, location, program, from, to, session, navigate, onRead]);

  return null;
};
