import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import { accessTexts } from "../../domain/access/accessTexts";
import { texts } from "../../domain/shell/texts";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { AccessLayout } from "../access/AccessLayout";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { useAppActors } from "./AppActorsContext";
import { AppShell } from "./AppShell";
import { paths } from "./routePaths";

const NotFoundText = () => (
  <>
    <p>The page you asked for does not exist, or has moved.</p>
    <p className="access-links">
      <a
        href="#back"
        onClick={(e) => {
          e.preventDefault();
          window.history.back();
        }}
      >
        Go back
      </a>
      <Link href={paths.home}>Go to the home page</Link>
    </p>
  </>
);

/** Any path the app does not know: inside the app's header and menu for a signed-in person, else on the access card. */
export const NotFoundPage = () => {
  const { session } = useAppActors();
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
  if (!signedIn)
    return (
      <AccessLayout title={texts.notFound.title} page={accessTexts.pageTitles.notFound}>
        <NotFoundText />
      </AccessLayout>
    );
  return (
    <AppShell>
      <SignedInNotFound />
    </AppShell>
  );
};

const SignedInNotFound = () => {
  useDocumentTitle(accessTexts.pageTitles.notFound);
  return (
    <section className="panel not-found">
      <h1>{texts.notFound.title}</h1>
      <NotFoundText />
    </section>
  );
};
