import { useSelector } from "@xstate/react";
import { useEffect, useId } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { accountPasswordMaximumLength } from "../../domain/access/accountPassword";
import { accountNameMaximumLength, firstRunTexts } from "../../domain/access/firstRun";
import { peopleTexts } from "../../domain/people/peopleTexts";
import { acceptInvitationMachine, acceptInvitationSelectors as sel, type AcceptInvitationActorRef } from "../../machines/access/acceptInvitation.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useSelected } from "../components/useSelected";
import { useAppActors } from "../shell/AppActorsContext";
import { Screen } from "../shell/appChildren";
import { paths } from "../shell/routePaths";
import { AccessLayout } from "./AccessLayout";

const t = peopleTexts.accept;

/** /accept-invitation/{token}?email=: the invitation mail's link; the person sets a name and password, is signed in and goes to /performance. */
export const AcceptInvitationPage = ({ token }: { readonly token: string }) => {
  const email = new URLSearchParams(useSearch()).get("email") ?? "";
  const { session } = useAppActors();
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (signedIn) navigate(paths.performance, { replace: true });
  }, [signedIn, navigate]);

  // The app root's screen child for this link (given the session by the root).
  return (
    <Screen name="acceptInvitation" routeKey={token} logic={acceptInvitationMachine} route={{ token, email }}>
      {(accept) => <AcceptInvitationScreen accept={accept} />}
    </Screen>
  );
};

export const AcceptInvitationScreen = ({ accept }: { readonly accept: AcceptInvitationActorRef }) => {
  const { isChecking: checking, isBadLink: badLink, showsForm } = useSelected(accept, sel, ["isChecking", "isBadLink", "showsForm"]);
  return (
    <AccessLayout title={t.title} page={t.pageTitle}>
      {checking ? (
        <p className="loading" role="status">
          {t.checking}
        </p>
      ) : null}
      {badLink ? (
        <div role="alert">
          <p>{t.badLink}</p>
          <Link href={paths.login}>{t.toLogin}</Link>
        </div>
      ) : null}
      {showsForm ? <InvitationFields accept={accept} /> : null}
    </AccessLayout>
  );
};

const InvitationFields = ({ accept }: { readonly accept: AcceptInvitationActorRef }) => {
  const { isSubmitting: submitting, problem, preview } = useSelected(accept, sel, ["isSubmitting", "problem", "preview"]);
  const ids = { name: useId(), password: useId(), confirm: useId(), problem: useId() };
  const described = problem === null ? undefined : ids.problem;
  return (
    <>
      {preview ? <p>{t.intro(preview.email, preview.role)}</p> : null}
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const text = (key: string) => String(data.get(key) ?? "");
          accept.send({ type: "invitation.submitted", form: { name: text("name"), password: text("password"), confirmPassword: text("confirm_password") } });
        }}
      >
        <div className="field">
          <label htmlFor={ids.name}>{firstRunTexts.name}</label>
          <input id={ids.name} name="name" autoComplete="username" required maxLength={accountNameMaximumLength} autoFocus aria-describedby={described} />
          <p className="help">{firstRunTexts.nameHint}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.password}>{firstRunTexts.password}</label>
          <input id={ids.password} name="password" type="password" autoComplete="new-password" required maxLength={accountPasswordMaximumLength} aria-describedby={described} />
          <p className="help">{firstRunTexts.passwordHint}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.confirm}>{firstRunTexts.confirmPassword}</label>
          <input id={ids.confirm} name="confirm_password" type="password" autoComplete="new-password" required maxLength={accountPasswordMaximumLength} />
        </div>
        {problem === null ? null : (
          <p className="field-error" id={ids.problem} role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button is-primary is-fullwidth" disabled={submitting} aria-busy={submitting}>
          {t.submit}
        </button>
      </form>
    </>
  );
};
