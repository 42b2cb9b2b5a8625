import { useCallback, useMemo, useState, type ReactNode } from "react";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { returnParam, returnPathOf } from "../../domain/access/returnPath";
import { dismissalMemory } from "../../machines/shell/dismissalMemory";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "./AppActorsContext";
import { isPublicPath, paths } from "./routePaths";

/** /login, carrying the page asked for (path and query, as typed) so signing in returns to it. */
const signInPathFor = (location: string, search: string): string => {
  const requested = search === "" ? location : `${location}?${search}`;
  return requested === paths.performance ? paths.login : `${paths.login}?${new URLSearchParams({ [returnParam]: requested }).toString()}`;
};
import { DateRangePicker } from "./DateRangePicker";
import { MainMenu } from "./MainMenu";
import { MessageArea } from "./MessageArea";
import { ProgramSwitcher } from "./ProgramSwitcher";
import { SaveRecording, useDebugSwitch } from "./SaveRecording";
import { SearchBox } from "./SearchBox";
import { UrlSync } from "./UrlSync";
import { useSelected } from "../components/useSelected";

interface Props {
  readonly children: ReactNode;
  /** Where the skip link (the page's first stop) leads, and what it says; default the main content. */
  readonly skipTo?: { readonly href: string; readonly label: string };
  /** The screen works without a program (the Programs screen, where a new installation's admin makes the first one). */
  readonly withoutProgram?: boolean;
}

/** The signed-in frame: navigation, program, dates, search, messages; the screen goes inside. */
export const AppShell = ({ children, skipTo, withoutProgram = false }: Props) => {
  const { session } = useAppActors();
  const { isSignedOut: signedOut, isLoadingProfile: loading, isUnavailable: unavailable, isSigningOut: signingOut, user, programCode } = useSelected(session, sessionSelectors, ["isSignedOut", "isLoadingProfile", "isUnavailable", "isSigningOut", "user", "programCode"]);
  const debug = useDebugSwitch();
  const memory = useMemo(() => dismissalMemory(session), [session]);
  const [location] = useLocation();
  const search = useSearch();
  // The messages and the screen start once the URL's program and dates are in the session, so their first calls use them.
  const [linkRead, setLinkRead] = useState(false);
  const markLinkRead = useCallback(() => setLinkRead(true), []);

  if (signedOut) return <Redirect to={signInPathFor(location, search)} replace />;
  // Just signed in with a page asked for: back to it when it is a same-origin page of the app (else /performance), before anything loads.
  const requested = new URLSearchParams(search).get(returnParam);
  if (requested !== null) return <Redirect to={returnPathOf(requested, isPublicPath) ?? paths.performance} replace />;

  return (
    <div className="app">
      <a className="skip-link" href={skipTo?.href ?? "#main"}>
        {skipTo?.label ?? "Skip to content"}
      </a>
      <header className="app-header">
        <div className="app-header-row">
          <Link href={paths.performance} className="brand">
            <span className="brand-mark" aria-hidden="true">◆</span> Attribution
          </Link>
          <SearchBox />
          <div className="user-menu">
            {user ? (
              <Link href={paths.accountProfile} className="user-name">
                {user.username}
              </Link>
            ) : null}
            {debug ? <SaveRecording /> : null}
            <Link href={paths.logout} className="button is-text">
              Sign out
            </Link>
          </div>
        </div>
        <div className="app-header-row toolbar">
          <ProgramSwitcher />
          <DateRangePicker />
        </div>
      </header>
      <UrlSync onRead={markLinkRead} />
      {/* The menu: a sidebar beside the messages and the screen on wide screens, a 'Menu' button above them on narrow ones. */}
      <div className="app-body">
        <MainMenu />
        <div className="app-content">
          {linkRead ? <MessageArea kind="account" label="Messages" memory={memory} /> : null}
          <main id="main" className="app-main" tabIndex={-1}>
            {loading || signingOut || !linkRead ? (
              <p className="loading" role="status">
                {signingOut ? "Signing you out…" : "Loading your programs…"}
              </p>
            ) : unavailable ? (
              <section className="panel" role="alert">
                <h1>We couldn't load your programs</h1>
                <p>The server did not answer. Check your connection, then try again.</p>
                <button type="button" className="button is-primary" onClick={() => session.send({ type: "session.retried" })}>
                  Try again
                </button>
              </section>
            ) : programCode === null && !withoutProgram ? (
              <section className="panel">
                <h1>No programs yet</h1>
                <p>Your account does not belong to any program. Ask your account manager to add you to one.</p>
              </section>
            ) : (
              children
            )}
          </main>
        </div>
      </div>
    </div>
  );
};
