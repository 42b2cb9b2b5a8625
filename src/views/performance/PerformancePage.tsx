import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { performanceCrumbs, performanceTitle } from "./performanceTitles";

interface Props {
  readonly searchTerm?: string;
  /** The taxonomy values of the route (0 to 4). */
  readonly path: ReadonlyArray<string>;
}

/**
 * /performance, its taxonomy pages and /performance/search/{term}: title, breadcrumb,
 * then the chart and the table of the level (spec section 2).
 */
export const PerformancePage = ({ searchTerm, path }: Props) => {
  const title = performanceTitle(path, searchTerm);
  useDocumentTitle(title);
  return (
    <article className="report">
      <Breadcrumbs crumbs={performanceCrumbs(path, searchTerm)} />
      <h1 className="report-title">{title}</h1>
      {/* region: spend entry (level-one page) */}
      {/* region: chart */}
      {/* region: table */}
    </article>
  );
};
