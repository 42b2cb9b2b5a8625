import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { signInMachine, signInSelectors, type SignInActorRef } from "../../machines/access/signIn.machine";
import { sessionSelectors, type SessionActorRef } from "../../machines/shell/session.machine";
import { texts } from "../../domain/shell/texts";
import { useAppActors } from "../shell/AppActorsContext";
import { Screen } from "../shell/appChildren";
import { Modal } from "../components/Modal";
import { MessageArea } from "../shell/MessageArea";
import { paths } from "../shell/routePaths";
import { useScreenPreload } from "../shell/ScreenPreloadContext";
import { afterNextPaint } from "../components/afterNextPaint";
import { AccessLayout } from "./AccessLayout";
import { FirstRunCheck } from "./FirstRunCheck";
import { ApiSettings } from "./ApiSettings";

/** /login: username and password; success goes to /performance, with the page asked for (`?next=`) for the signed-in shell to return to. */
export const LoginPage = () => {
  const { session } = useAppActors();
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
  const [, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    // The query (the page asked for) goes along: the shell checks it, so /login does not load the rule.
    if (signedIn) navigate(`${paths.performance}?${search}`, { replace: true });
  }, [signedIn, navigate, search]);

  return (
    <AccessLayout title="Sign in" page={texts.login.submit}>
      <FirstRunCheck />
      <MessageArea kind="system" label="System messages" />
      <SessionEndedNotice session={session} />
      {/* The sign-in actor follows the session's API base URL, so the form calls the address set below. */}
      <SignInForm />
      <p className="access-links">
        <Link href={paths.recoverPassword}>{texts.login.forgotten}</Link>
      </p>
      <ApiSettings />
    </AccessLayout>
  );
};

/** Why the person is on /login when the server ended their session (a 401 anywhere): nothing after a sign-out of their own. */
export const SessionEndedNotice = ({ session }: { readonly session: SessionActorRef }) => {
  const ended = useSelector(session, sessionSelectors.hasExpired);
  return ended ? (
    <p className="notification is-warning" role="status">
      {texts.login.sessionEnded}
    </p>
  ) : null;
};

/** The sign-in actor: the app root's screen child on /login (given the session by the root). */
const SignInForm = () => (
  <Screen name="signIn" routeKey="" logic={signInMachine} route={{}}>
    {(signIn) => <SignInFields signIn={signIn} />}
  </Screen>
);

/**
 * The sign-in form and its failure alert. After 'Okay' focus goes to the password field (its
 * text selected, to type again): the dialog would give it back to the Sign in button, which
 * was disabled while the attempt ran, so it would be lost on the page's body.
 */
export const SignInFields = ({ signIn }: { readonly signIn: SignInActorRef }) => {
  const submitting = useSelector(signIn, signInSelectors.isSubmitting);
  const failed = useSelector(signIn, signInSelectors.hasFailed);
  const throttled = useSelector(signIn, signInSelectors.isThrottled);
  const userId = useId();
  const passwordId = useId();
  const password = useRef<HTMLInputElement>(null);
  const wasFailed = useRef(false);
  const preload = useScreenPreload();
  useEffect(() => {
    // Runs after the alert's dialog has closed (its layout clean-up), so the focus stays here.
    if (wasFailed.current && !failed) {
      password.current?.focus();
      password.current?.select();
    }
    wasFailed.current = failed;
  }, [failed]);

  return (
    <>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          signIn.send({
            type: "signIn.submitted",
            username: String(data.get("username") ?? ""),
            password: String(data.get("password") ?? ""),
          });
          // The landing screen's code loads while the password is checked, not after (a failed load is tried again by its
          // route), through its screen, which then draws at once (no fallback); and after the Enter's next paint, not in it.
          afterNextPaint(() => void preload(paths.performance).catch(() => undefined));
        }}
      >
        <div className="field">
          <label htmlFor={userId}>{texts.login.username}</label>
          <input id={userId} name="username" autoComplete="username" required maxLength={200} autoFocus />
        </div>
        <div className="field">
          <label htmlFor={passwordId}>{texts.login.password}</label>
          <input ref={password} id={passwordId} name="password" type="password" autoComplete="current-password" required maxLength={1000} />
        </div>
        <button type="submit" className="button is-primary is-fullwidth" disabled={submitting} aria-busy={submitting}>
          {texts.login.submit}
        </button>
      </form>
      {failed ? (
        <Modal
          title={texts.login.failureTitle}
          footer={texts.login.failureFooter}
          actions={[{ label: "Okay", look: "primary", onClick: () => signIn.send({ type: "signIn.alertClosed" }) }]}
        >
          <p>{texts.login.failure}</p>
          {throttled ? <p>Too many attempts for this username: wait a few minutes before you try again.</p> : null}
        </Modal>
      ) : null}
    </>
  );
};
