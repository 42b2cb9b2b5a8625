import { analysisReportTexts } from "./analysisReportTexts";
import { taxonomyRouteHref } from "./taxonomyRoute";

/**
 * The sidebar of the reports whose routes end in a selected taxonomy (diminishing returns,
 * funnel trends): the values of the level, each choosing its series (the trailing
 * `{selectedTaxonomy}`), with an Explore link one level down where the value has children,
 * and a link to the parent level. 'None' is never linked. Links keep the page's query (the
 * person's choices), except the table's page: another series starts on page 1.
 */

export interface SidebarItem {
  readonly name: string;
  /** Chooses the value's series; null for 'None'. */
  readonly href: string | null;
  readonly current: boolean;
  /** One level down; null without children, at the deepest level, or for 'None'. */
  readonly exploreHref: string | null;
}

export interface SidebarLink {
  readonly label: string;
  readonly href: string;
}

export interface TaxonomySidebarEntries {
  readonly parent: SidebarLink | null;
  readonly items: ReadonlyArray<SidebarItem>;
}

const none = "None";

/** The query a sidebar link keeps: every parameter but `page`, with its leading '?' (or nothing). */
export const carriedQuery = (search: string): string => {
  const q = new URLSearchParams(search);
  q.delete("page");
  const text = q.toString();
  return text === "" ? "" : `?${text}`;
};

export const sidebarEntries = (
  base: string,
  path: ReadonlyArray<string>,
  series: ReadonlyArray<{ readonly name: string; readonly children?: ReadonlyArray<string> | undefined }>,
  chosen: string | null,
  deepest: number,
  search: string,
): TaxonomySidebarEntries => {
  const query = carriedQuery(search);
  const blocked = path.includes(none);
  const parentPath = path.slice(0, -1);
  const parent =
    path.length === 0 || parentPath.includes(none)
      ? null
      : { label: parentPath[parentPath.length - 1] ?? analysisReportTexts.allChannels, href: `${taxonomyRouteHref(base, parentPath)}${query}` };
  return {
    parent,
    items: series.map((s) => ({
      name: s.name,
      href: s.name === none || blocked ? null : `${taxonomyRouteHref(base, path, s.name)}${query}`,
      current: s.name === chosen,
      exploreHref:
        s.name === none || blocked || path.length >= deepest || (s.children?.length ?? 0) === 0 ? null : `${taxonomyRouteHref(base, [...path, s.name])}${query}`,
    })),
  };
};
