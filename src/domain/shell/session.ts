import { defaultColumns } from "../report/defaultColumns";
import type { User } from "./user";
import type { Program } from "./program";
import type { DateRange } from "../report/dateRange";

/** The named filters a report can be restricted to. */
export const namedFilters = ["default", "new", "returning"] as const;
export type NamedFilter = (typeof namedFilters)[number];

export const intervals = ["day", "week", "month"] as const;
export type Interval = (typeof intervals)[number];

export type ChartType = "area" | "bar";
export type SortDirection = "asc" | "desc";

/** The default visible columns of the performance tables: the catalogue's. */
export { defaultColumns };

/** Report preferences held for the whole session. */
export interface ReportPreferences {
  readonly namedFilter: NamedFilter;
  readonly metricOne: string;
  readonly metricTwo: string;
  readonly chartType: ChartType;
  readonly interval: Interval;
  readonly columns: ReadonlyArray<string>;
  /**
   * The column set the person chose (a saved set's id, 0 for the built-in Default, -1 for
   * a custom selection); null while they have chosen none, when their favourite applies.
   */
  readonly columnSet: number | null;
  readonly sortMetric: string;
  readonly sortDirection: SortDirection;
}

export const defaultPreferences: ReportPreferences = {
  namedFilter: "default",
  metricOne: "clicks",
  metricTwo: "attributed_revenue",
  chartType: "area",
  interval: "day",
  columns: defaultColumns,
  columnSet: null,
  sortMetric: "attributed_revenue",
  sortDirection: "desc",
};

/** Where calls go and who makes them: the session holds both, and a screen's actor carries them to its calls. */
export interface ApiContext {
  readonly baseUrl: string;
  readonly token: string | null;
}

/** What the session knows: the fold of its events. */
export interface SessionState {
  readonly apiBaseUrl: string;
  readonly token: string | null;
  readonly user: User | null;
  readonly programs: ReadonlyArray<Program>;
  readonly programCode: string | null;
  readonly range: DateRange | null;
  readonly preferences: ReportPreferences;
}

export const defaultApiBaseUrl = "/api";

/** An API base URL a person may set: a path on this origin or an http(s) URL. */
export const isValidApiBaseUrl = (url: string): boolean => {
  const u = url.trim();
  if (u.startsWith("/")) return !u.startsWith("//");
  return /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(u);
};

/** The program record the session points at, if any. */
export const currentProgram = (s: Pick<SessionState, "programs" | "programCode">): Program | undefined =>
  s.programs.find((p) => p.code === s.programCode);

/** A shared link's view settings: each part is applied only if it is valid. */
export interface SessionLink {
  readonly program?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
}

/**
 * Folds a shared link into the session: a known program (or any program while the list
 * is not loaded yet) and a valid, ordered date range are taken; anything else is ignored.
 */
export const applyLink = (
  s: SessionState,
  link: SessionLink,
  validRange: (from: string | null | undefined, to: string | null | undefined) => DateRange | null,
): SessionState => {
  const knownProgram =
    link.program != null && link.program !== "" && (s.programs.length === 0 || s.programs.some((p) => p.code === link.program));
  const range = link.from != null || link.to != null ? validRange(link.from, link.to) : null;
  return {
    ...s,
    programCode: knownProgram ? (link.program as string) : s.programCode,
    range: range ?? s.range,
  };
};
