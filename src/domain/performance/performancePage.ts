import type { PagedTable } from "../table/pagination";

/** A performance route: the taxonomy values chosen (0 to 4), or a search term. */
export interface PerformanceRoute {
  readonly path: ReadonlyArray<string>;
  readonly searchTerm?: string;
}

/**
 * The performance pages, by route: the level-one page (/performance), the taxonomy-two
 * table of a channel, the taxonomy-three table, the level-four report (three values),
 * the level-four chart (four values, no table) and the search results.
 */
export type PerformancePageKind = "levelOne" | "taxonomyTwo" | "taxonomyThree" | "levelFour" | "levelFourChart" | "search";

/** How the table of a performance page behaves. */
export interface LevelTableConfig {
  readonly kind: Exclude<PagedTable, "search">;
  /** The level-four report (taxonomy 4 values): back to page 1 after each load. */
  readonly levelFour: boolean;
  /** The deepest level a row opens into: 3 on the level-one page (level-one row, then its level-two children), else 4. */
  readonly deepestLevel: number;
}

const pageKinds: ReadonlyArray<PerformancePageKind> = ["levelOne", "taxonomyTwo", "taxonomyThree", "levelFour", "levelFourChart"];

export const performancePageKind = (route: PerformanceRoute): PerformancePageKind =>
  route.searchTerm !== undefined ? "search" : (pageKinds[Math.min(route.path.length, 4)] as PerformancePageKind);

/** The table of a page; null where the page has none (the level-four chart, the search results). */
export const levelTableConfig = (route: PerformanceRoute): LevelTableConfig | null => {
  const kind = performancePageKind(route);
  if (kind === "search" || kind === "levelFourChart") return null;
  if (kind === "taxonomyTwo") return { kind: "taxonomyTwo", levelFour: false, deepestLevel: 4 };
  return { kind: "level", levelFour: kind === "levelFour", deepestLevel: kind === "levelOne" ? 3 : 4 };
};

/** One key per route: another path or term is another page. */
export const performanceRouteKey = (route: PerformanceRoute): string =>
  route.searchTerm !== undefined ? `search:${route.searchTerm}` : ["path", ...route.path].join("\u0000");
