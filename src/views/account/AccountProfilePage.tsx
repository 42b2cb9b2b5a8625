import { useId } from "react";
import { accessTexts } from "../../domain/access/accessTexts";
import { profileProblemMessages } from "../../domain/account/accountProfile";
import { accountTexts } from "../../domain/account/accountTexts";
import {
  accountProfileMachine,
  accountProfileSelectors as sel,
  type AccountProfileActorRef,
  type PasswordStatus,
  type ProfileStatus,
} from "../../machines/account/accountProfile.machine";
import { FormNotice, type Notice } from "../components/FormNotice";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useSelected } from "../components/useSelected";
import { AppShell } from "../shell/AppShell";
import { Screen } from "../shell/appChildren";
import { SubmitForm } from "../components/SubmitForm";

const t = accountTexts;

/** /account/profile: the signed-in person's name and email, their password, and signing out everywhere. */
export const AccountProfilePage = () => {
  useDocumentTitle(t.title);
  // The app root's screen child for this route (given the session by the root).
  return (
    <AppShell>
      <Screen name="accountProfile" routeKey="" logic={accountProfileMachine} route={{}}>
        {(screen) => <AccountProfileScreen screen={screen} />}
      </Screen>
    </AppShell>
  );
};

/** The page's three forms, drawn from the screen's actor. */
export const AccountProfileScreen = ({ screen }: { readonly screen: AccountProfileActorRef }) => (
  <article className="report account-profile">
    <h1 className="report-title">{t.title}</h1>
    <ProfileForm screen={screen} />
    <PasswordForm screen={screen} />
    <SignOutEverywhere screen={screen} />
  </article>
);

const profileMessages: Readonly<Record<ProfileStatus, Notice>> = {
  nameMissing: { text: profileProblemMessages.nameMissing, tone: "error" },
  nameTooLong: { text: profileProblemMessages.nameTooLong, tone: "error" },
  invalidEmail: { text: profileProblemMessages.invalidEmail, tone: "error" },
  nameTaken: { text: t.profile.nameTaken, tone: "error" },
  emailTaken: { text: t.profile.emailTaken, tone: "error" },
  failed: { text: t.profile.failed, tone: "error" },
  saved: { text: t.profile.saved, tone: "status" },
};

const ProfileForm = ({ screen }: { readonly screen: AccountProfileActorRef }) => {
  const { profileValues: values, profileNotice: status, isSavingProfile: saving, isBusy: busy } = useSelected(screen, sel, ["profileValues", "profileNotice", "isSavingProfile", "isBusy"]);
  const nameId = useId();
  const emailId = useId();
  const headingId = useId();
  const message = status === null ? undefined : profileMessages[status];
  const nameProblem = status === "nameMissing" || status === "nameTooLong" || status === "nameTaken";
  const emailProblem = status === "invalidEmail" || status === "emailTaken";
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.profile.heading}</h2>
      <SubmitForm
        className="form"
        onSubmit={({ text }) => screen.send({ type: "account.profileSubmitted", username: text("username"), email: text("email") })}
      >
        <div className="field">
          <label htmlFor={nameId}>{t.profile.name}</label>
          <input id={nameId} name="username" autoComplete="username" maxLength={200} defaultValue={values.username} key={`name:${values.username}`} aria-invalid={nameProblem} />
        </div>
        <div className="field">
          <label htmlFor={emailId}>{t.profile.email}</label>
          <input id={emailId} name="email" type="email" autoComplete="email" maxLength={320} defaultValue={values.email} key={`email:${values.email}`} aria-invalid={emailProblem} />
        </div>
        <FormNotice message={message} />
        <button type="submit" className="button is-primary" disabled={busy} aria-busy={saving}>
          {t.profile.save}
        </button>
      </SubmitForm>
    </section>
  );
};

const passwordMessages: Readonly<Record<PasswordStatus, Notice>> = {
  currentMissing: { text: t.password.currentMissing, tone: "error" },
  tooShort: { text: accessTexts.reset.tooShort, tone: "error" },
  mismatch: { text: accessTexts.reset.mismatch, tone: "error" },
  wrongCurrent: { text: t.password.wrongCurrent, tone: "error" },
  throttled: { text: t.password.tooManyAttempts, tone: "error" },
  failed: { text: t.password.failed, tone: "error" },
  changed: { text: t.password.changed, tone: "status" },
};

const PasswordForm = ({ screen }: { readonly screen: AccountProfileActorRef }) => {
  const { passwordNotice: status, isChangingPassword: changing, isBusy: busy } = useSelected(screen, sel, ["passwordNotice", "isChangingPassword", "isBusy"]);
  const currentId = useId();
  const newId = useId();
  const retypeId = useId();
  const keepId = useId();
  const headingId = useId();
  const message = status === null ? undefined : passwordMessages[status];
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.password.heading}</h2>
      <SubmitForm
        className="form"
        onSubmit={({ text, isChecked }) =>
          screen.send({
            type: "account.passwordSubmitted",
            current: text("current_password"),
            password: text("password"),
            confirm: text("confirm_password"),
            keepThisSession: isChecked("keep_this_session"),
          })
        }
      >
        <div className="field">
          <label htmlFor={currentId}>{t.password.current}</label>
          <input id={currentId} name="current_password" type="password" autoComplete="current-password" maxLength={1000} aria-invalid={status === "currentMissing" || status === "wrongCurrent"} />
        </div>
        <div className="field">
          <label htmlFor={newId}>{t.password.newPassword}</label>
          <input id={newId} name="password" type="password" autoComplete="new-password" maxLength={1000} aria-invalid={status === "tooShort"} />
        </div>
        <div className="field">
          <label htmlFor={retypeId}>{t.password.retypePassword}</label>
          <input id={retypeId} name="confirm_password" type="password" autoComplete="new-password" maxLength={1000} aria-invalid={status === "mismatch"} />
        </div>
        <div className="field">
          <input id={keepId} name="keep_this_session" type="checkbox" defaultChecked />
          <label htmlFor={keepId}>{t.password.keepThisSession}</label>
        </div>
        <FormNotice message={message} />
        <button type="submit" className="button is-primary" disabled={busy} aria-busy={changing}>
          {t.password.submit}
        </button>
      </SubmitForm>
    </section>
  );
};

const SignOutEverywhere = ({ screen }: { readonly screen: AccountProfileActorRef }) => {
  const { everywhereFailed: failed, isSigningOutEverywhere: signingOut, isBusy: busy } = useSelected(screen, sel, ["everywhereFailed", "isSigningOutEverywhere", "isBusy"]);
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.everywhere.heading}</h2>
      <p>{t.everywhere.explanation}</p>
      {failed ? (
        <p className="field-error" role="alert">
          {t.everywhere.failed}
        </p>
      ) : null}
      <button
        type="button"
        className="button is-danger"
        disabled={busy}
        aria-busy={signingOut}
        onClick={() => screen.send({ type: "account.signOutEverywhereAsked" })}
      >
        {t.everywhere.submit}
      </button>
    </section>
  );
};
