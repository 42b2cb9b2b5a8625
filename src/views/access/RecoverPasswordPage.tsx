import { useSelector } from "@xstate/react";
import { useId } from "react";
import { Link, useLocation } from "wouter";
import { recoverPasswordMachine, recoverPasswordSelectors, type RecoverPasswordActorRef } from "../../machines/access/recoverPassword.machine";
import { accessTexts } from "../../domain/access/accessTexts";
import { Screen } from "../shell/appChildren";
import { MessageArea } from "../shell/MessageArea";
import { paths } from "../shell/routePaths";
import { AccessLayout } from "./AccessLayout";

/** /recover-password: an email, then a confirmation and a redirect to /login. */
export const RecoverPasswordPage = () => {
  const [, navigate] = useLocation();
  // The app root's screen child on /recover-password (given the session by the root).
  return (
    <Screen name="recoverPassword" routeKey="" logic={recoverPasswordMachine.provide({ actions: { redirectToLogin: () => navigate(paths.login) } })} route={{}}>
      {(recover) => <RecoverPasswordForm recover={recover} />}
    </Screen>
  );
};

const RecoverPasswordForm = ({ recover }: { readonly recover: RecoverPasswordActorRef }) => {
  const submitted = useSelector(recover, recoverPasswordSelectors.isSubmitted);
  const submitting = useSelector(recover, recoverPasswordSelectors.isSubmitting);
  const emailId = useId();

  return (
    <AccessLayout title="Recover your password" page={accessTexts.pageTitles.recover}>
      <MessageArea kind="system" label="System messages" />
      {submitted ? (
        <div className="confirmation" role="status">
          <p>
            <strong>Check your email.</strong> If an account uses that address, we have sent it a link to set a new password. The link
            works once and expires within an hour.
          </p>
          <p>Taking you back to the login page…</p>
          <Link href={paths.login}>Back to login</Link>
        </div>
      ) : (
        <>
          <p>Enter the email address of your account and we will send you a link to set a new password.</p>
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              recover.send({ type: "recover.submitted", email: String(new FormData(e.currentTarget).get("email") ?? "") });
            }}
          >
            <div className="field">
              <label htmlFor={emailId}>{accessTexts.recover.email}</label>
              <input id={emailId} name="email" type="email" autoComplete="email" required maxLength={320} autoFocus />
            </div>
            <button type="submit" className="button is-primary is-fullwidth" disabled={submitting} aria-busy={submitting}>
              {accessTexts.recover.submit}
            </button>
          </form>
          <p className="access-links">
            <Link href={paths.login}>Back to login</Link>
          </p>
        </>
      )}
    </AccessLayout>
  );
};
