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

/** The screen itself, given its actor and the link's email. */
export const ResetPasswordForm = ({ reset, email }: { readonly reset: ResetPasswordActorRef; readonly email: string }) => {
  const validating = useSelector(reset, resetPasswordSelectors.isValidating);
  const badLink = useSelector(reset, resetPasswordSelectors.isBadLink);
  const showsForm = useSelector(reset, resetPasswordSelectors.showsForm);
  const tooShort = useSelector(reset, resetPasswordSelectors.isTooShort);
  const mismatch = useSelector(reset, resetPasswordSelectors.hasMismatch);
  const submitting = useSelector(reset, resetPasswordSelectors.isSubmitting);
  const thankYou = useSelector(reset, resetPasswordSelectors.isThankYou);

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
          <NewPasswordField name="password" label={accessTexts.reset.newPassword} problem={tooShort ? accessTexts.reset.tooShort : null} autoFocus />
          <NewPasswordField name="confirm_password" label={accessTexts.reset.retypePassword} problem={mismatch ? accessTexts.reset.mismatch : null} />
          <button type="submit" className="button is-primary is-fullwidth" disabled={submitting} aria-busy={submitting}>
            {accessTexts.reset.submit}
          </button>
        </form>
      ) : null}
    </AccessLayout>
  );
};

/** One of the two password fields, with its own problem under it (the reset's rules: too short, not the same). */
const NewPasswordField = ({ name, label, problem, autoFocus = false }: { readonly name: string; readonly label: string; readonly problem: string | null; readonly autoFocus?: boolean }) => {
  const id = useId();
  const problemId = useId();
  const invalid = problem !== null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        maxLength={1000}
        autoFocus={autoFocus}
        aria-invalid={invalid}
        aria-describedby={invalid ? problemId : undefined}
      />
      {invalid ? (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
};
