import { texts } from "../../domain/texts";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { paths } from "../routePaths";

/**
 * /performance and /performance/search/{term}: the report's frame (title, breadcrumb and
 * the report area). The tables and charts of the performance report fill the area.
 */
export const PerformancePage = ({ searchTerm }: { readonly searchTerm?: string }) => {
  const title = searchTerm !== undefined ? `"${searchTerm}" | ${texts.titles.performance}` : texts.titles.performance;
  useDocumentTitle(title);
  return (
    <article className="report">
      <Breadcrumbs crumbs={[{ label: "All Channels", href: paths.performance }, ...(searchTerm !== undefined ? [{ label: `"${searchTerm}"` }] : [])]} />
      <h1 className="report-title">{title}</h1>
      <section className="report-area" aria-label="Report" />
    </article>
  );
};
