import { Link, useSearch } from "wouter";
import { peopleTexts } from "../../domain/people/peopleTexts";
import { acceptInvitationMachine, acceptInvitationSelectors as sel, type AcceptInvitationActorRef } from "../../machines/access/acceptInvitation.machine";
import { useSelected } from "../components/useSelected";
import { Screen } from "../shell/appChildren";
import { paths } from "../shell/routePaths";
import { AccessLayout } from "./AccessLayout";
import { NewAccountForm } from "./NewAccountForm";
import { useHomeOnceSignedIn } from "./useHomeOnceSignedIn";

const t = peopleTexts.accept;

/** /accept-invitation/{token}?email=: the invitation mail's link; the person sets a name and password, is signed in and goes to /performance. */
export const AcceptInvitationPage = ({ token }: { readonly token: string }) => {
  const email = new URLSearchParams(useSearch()).get("email") ?? "";
  useHomeOnceSignedIn();
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
    <AccessLayout title={t.title} page={t.pageTitle} checking={checking ? t.checking : null}>
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
  return (
    <>
      {preview ? <p>{t.intro(preview.email, preview.role)}</p> : null}
      <NewAccountForm
        asksEmail={false}
        submitting={submitting}
        problem={problem}
        submitText={t.submit}
        onSubmit={({ name, password, confirmPassword }) => accept.send({ type: "invitation.submitted", form: { name, password, confirmPassword } })}
      />
    </>
  );
};
