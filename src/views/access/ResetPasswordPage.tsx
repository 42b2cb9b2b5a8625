import { useSelector } from "@xstate/react";
import { useId } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { resetPasswordMachine, resetPasswordSelectors, type ResetPasswordActorRef } from "../../machines/access/resetPassword.machine";
import { accessTexts } from "../../domain/access/accessTexts";
import { Screen } from "../shell/appChildren";
import { paths } from "../shell/routePaths";
import { AccessLayout } from "./AccessLayout";

/** /reset-password/{token}?email=: validate the link, then set a new password. */
export const ResetPasswordPage = ({ token }: { readonly token: string }) => {
  const email = new URLSearchParams(useSearch()).get("email") ?? "";
  const [, navigate] = useLocation();
  // The app root's screen child for this link (given the session by the root).
  return (
    <Screen
      name="resetPassword"
      routeKey={token}
      logic={resetPasswordMachine.provide({ actions: { redirectToLogin: () => navigate(paths.login) } })}
      route={{ token, email }}
    >
      {(reset) => <ResetPasswordForm reset={reset} email={email} />}
    </Screen>
  );
};

const ResetPasswordForm = ({ reset, email }: { readonly reset: ResetPasswordActorRef; readonly email: string }) => {
  const validating = useSelector(reset, resetPasswordSelectors.isValidating);
  const badLink = useSelector(reset, resetPasswordSelectors.isBadLink);
  const showsForm = useSelector(reset, resetPasswordSelectors.showsForm);
  const tooShort = useSelector(reset, resetPasswordSelectors.isTooShort);
  const mismatch = useSelector(reset, resetPasswordSelectors.hasMismatch);
  const submitting = useSelector(reset, resetPasswordSelectors.isSubmitting);
  const thankYou = useSelector(reset, resetPasswordSelectors.isThankYou);
  const pwId = useId();
  const retypeId = useId();
  const errorId = useId();
  const lengthErrorId = useId();

  return (
    <AccessLayout title="Set a new password" page={accessTexts.pageTitles.reset} checking={validating ? "Checking your link…" : null}>
      {badLink ? (
        <div className="notification is-warning" role="alert">
          {accessTexts.reset.badLink}
        </div>
      ) : null}
      {thankYou ? (
        <div className="confirmation" role="status">
          <p>
            <strong>Thank you.</strong> Your password has been changed. Taking you to the login page…
          </p>
          <Link href={paths.login}>Go to login</Link>
        </div>
      ) : null}
      {showsForm ? (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            reset.send({
              type: "reset.submitted",
              password: String(data.get("password") ?? ""),
              confirmPassword: String(data.get("confirm_password") ?? ""),
            });
          }}
        >
          <p>
            Choose a new password for <strong>{email}</strong>.
          </p>
          <div className="field">
            <label htmlFor={pwId}>{accessTexts.reset.newPassword}</label>
            <input
              id={pwId}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={1000}
              autoFocus
              aria-invalid={tooShort}
              aria-describedby={tooShort ? lengthErrorId : undefined}
            />
            {tooShort ? (
              <p id={lengthErrorId} className="field-error" role="alert">
                {accessTexts.reset.tooShort}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={retypeId}>{accessTexts.reset.retypePassword}</label>
            <input
              id={retypeId}
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={1000}
              aria-invalid={mismatch}
              aria-describedby={mismatch ? errorId : undefined}
            />
            {mismatch ? (
              <p id={errorId} className="field-error" role="alert">
                {accessTexts.reset.mismatch}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button is-primary is-fullwidth" disabled={submitting} aria-busy={submitting}>
            {accessTexts.reset.submit}
          </button>
        </form>
      ) : null}
    </AccessLayout>
  );
};
