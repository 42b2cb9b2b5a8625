import { useSelector } from "@xstate/react";
import { useEffect, useId } from "react";
import { Link, useLocation } from "wouter";
import { firstRunTexts as t } from "../../domain/access/firstRun";
import { accountNameMaximumLength } from "../../domain/access/firstRun";
import { accountPasswordMaximumLength } from "../../domain/access/accountPassword";
import { firstRunMachine, firstRunSelectors as sel, type FirstRunActorRef } from "../../machines/access/firstRun.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { Screen } from "../shell/appChildren";
import { paths } from "../shell/routePaths";
import { useSelected } from "../components/useSelected";
import { AccessLayout } from "./AccessLayout";

/** /setup: the first-run screen of a server without accounts; its first admin is signed in and goes to /performance. */
export const FirstRunPage = () => {
  const { session } = useAppActors();
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (signedIn) navigate(paths.performance, { replace: true });
  }, [signedIn, navigate]);

  // The app root's screen child on /setup (given the session by the root); a server already set up sends the person to /login.
  return (
    <Screen name="firstRun" routeKey="" logic={firstRunMachine.provide({ actions: { leaveSetup: () => navigate(paths.login, { replace: true }) } })} route={{}}>
      {(firstRun) => <FirstRunScreen firstRun={firstRun} />}
    </Screen>
  );
};

export const FirstRunScreen = ({ firstRun }: { readonly firstRun: FirstRunActorRef }) => {
  const { isChecking: checking, hasCheckFailed: checkFailed, showsForm, isSetUpMeanwhile: setUpMeanwhile } = useSelected(firstRun, sel, ["isChecking", "hasCheckFailed", "showsForm", "isSetUpMeanwhile"]);

  return (
    <AccessLayout title={t.title} page={t.pageTitle}>
      {checking ? (
        <p className="loading" role="status">
          {t.checking}
        </p>
      ) : null}
      {checkFailed ? (
        <div className="notification is-danger" role="alert">
          <p>{t.checkFailed}</p>
          <button type="button" className="button" onClick={() => firstRun.send({ type: "firstRun.retried" })}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {setUpMeanwhile ? (
        <div role="status">
          <p>{t.alreadySetUp}</p>
          <Link href={paths.login}>{t.toLogin}</Link>
        </div>
      ) : null}
      {showsForm ? <FirstAdminFields firstRun={firstRun} /> : null}
    </AccessLayout>
  );
};

const FirstAdminFields = ({ firstRun }: { readonly firstRun: FirstRunActorRef }) => {
  const { isSubmitting: submitting, problem } = useSelected(firstRun, sel, ["isSubmitting", "problem"]);
  const ids = { name: useId(), email: useId(), password: useId(), confirm: useId(), problem: useId() };
  const described = problem === null ? undefined : ids.problem;

  return (
    <>
      <p>{t.intro}</p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const text = (key: string) => String(data.get(key) ?? "");
          firstRun.send({
            type: "firstRun.submitted",
            form: { name: text("name"), email: text("email"), password: text("password"), confirmPassword: text("confirm_password") },
          });
        }}
      >
        <div className="field">
          <label htmlFor={ids.name}>{t.name}</label>
          <input id={ids.name} name="name" autoComplete="username" required maxLength={accountNameMaximumLength} autoFocus aria-describedby={described} />
          <p className="help">{t.nameHint}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.email}>{t.email}</label>
          <input id={ids.email} name="email" type="email" autoComplete="email" required maxLength={320} aria-describedby={described} />
        </div>
        <div className="field">
          <label htmlFor={ids.password}>{t.password}</label>
          <input
            id={ids.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={accountPasswordMaximumLength}
            aria-describedby={described}
          />
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
          {t.submit}
        </button>
      </form>
    </>
  );
};
