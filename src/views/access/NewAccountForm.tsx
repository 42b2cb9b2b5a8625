import { useId } from "react";
import { accountPasswordMaximumLength } from "../../domain/access/accountPassword";
import { accountNameMaximumLength, firstRunTexts as t, type FirstAdminForm } from "../../domain/access/firstRun";
import { SubmitForm } from "../components/SubmitForm";

/**
 * The form that makes an account (the first admin on /setup, an invited person on
 * /accept-invitation): the name to sign in with, the email where the person types it,
 * the password twice, the machine's last problem and the submit button.
 */
export const NewAccountForm = ({
  asksEmail,
  submitting,
  problem,
  submitText,
  onSubmit,
}: {
  /** Whether the person types an email (an invitation's email is its link's). */
  readonly asksEmail: boolean;
  readonly submitting: boolean;
  readonly problem: string | null;
  readonly submitText: string;
  /** The form as typed ('' for an email not asked). */
  readonly onSubmit: (form: FirstAdminForm) => void;
}) => {
  const ids = { name: useId(), email: useId(), password: useId(), confirm: useId(), problem: useId() };
  const described = problem === null ? undefined : ids.problem;
  return (
    <SubmitForm
      className="form"
      onSubmit={({ text }) => onSubmit({ name: text("name"), email: text("email"), password: text("password"), confirmPassword: text("confirm_password") })}
    >
      <div className="field">
        <label htmlFor={ids.name}>{t.name}</label>
        <input id={ids.name} name="name" autoComplete="username" required maxLength={accountNameMaximumLength} autoFocus aria-describedby={described} />
        <p className="help">{t.nameHint}</p>
      </div>
      {asksEmail ? (
        <div className="field">
          <label htmlFor={ids.email}>{t.email}</label>
          <input id={ids.email} name="email" type="email" autoComplete="email" required maxLength={320} aria-describedby={described} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={ids.password}>{t.password}</label>
        <input id={ids.password} name="password" type="password" autoComplete="new-password" required maxLength={accountPasswordMaximumLength} aria-describedby={described} />
        <p className="help">{t.passwordHint}</p>
      </div>
      <div className="field">
        <label htmlFor={ids.confirm}>{t.confirmPassword}</label>
        <input id={ids.confirm} name="confirm_password" type="password" autoComplete="new-password" required maxLength={accountPasswordMaximumLength} />
      </div>
      {problem === null ? null : (
        <p className="field-error" id={ids.problem} role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button is-primary is-fullwidth" disabled={submitting} aria-busy={submitting}>
        {submitText}
      </button>
    </SubmitForm>
  );
};
