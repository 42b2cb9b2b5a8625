import { Link } from "wouter";
import { analysisReportTexts as texts } from "../../domain/report/analysisReportTexts";

/**
 * A report card's way one level down: the 'Explore' button, named 'Explore {value}', to
 * the card's taxonomy page (`drillHref`); nothing where the card has no level below.
 */
export const CardExploreLink = ({ href, name }: { readonly href: string | null; readonly name: string }) =>
  href === null ? null : (
    <Link href={href} className="button" aria-label={texts.exploreName(name)}>
      {texts.explore}
    </Link>
  );
