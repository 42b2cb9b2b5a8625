import { Link } from "wouter";
import { firstRunTexts as t } from "../../domain/access/firstRun";
import { firstRunMachine, firstRunSelectors as sel, type FirstRunActorRef } from "../../machines/access/firstRun.machine";
import { Screen } from "../shell/appChildren";
import { paths } from "../shell/routePaths";
import { useSelected } from "../components/useSelected";
import { AccessLayout } from "./AccessLayout";
import { NewAccountForm } from "./NewAccountForm";
import { useHomeOnceSignedIn } from "./useHomeOnceSignedIn";

/** /setup: the first-run screen of a server without accounts; its first admin is signed in and goes to /performance. */
export const FirstRunPage = () => {
  const navigate = useHomeOnceSignedIn();
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
    <AccessLayout title={t.title} page={t.pageTitle} checking={checking ? t.checking : null}>
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
  return (
    <>
      <p>{t.intro}</p>
      <NewAccountForm asksEmail submitting={submitting} problem={problem} submitText={t.submit} onSubmit={(form) => firstRun.send({ type: "firstRun.submitted", form })} />
    </>
  );
};
