import { Link } from "wouter";
import { texts } from "../../domain/shell/texts";
import { paths } from "./routePaths";
import { AccessLayout } from "../access/AccessLayout";

/** Any path the app does not know. */
export const NotFoundPage = () => (
  <AccessLayout title={texts.notFound.title}>
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
  </AccessLayout>
);
