import { defaultColumns } from "../report/defaultColumns";
import type { User } from "./user";
import { chooseProgram, type Program } from "./program";
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
 * The program shown instead when a shared link names one the person may not see (their
 * programs are loaded and it is none of them); none when the link names no program, one
 * they may see, or while their programs are not loaded yet (the profile's answer decides
 * then: `programGone`).
 */
export const refusedLinkProgram = (s: Pick<SessionState, "programs" | "programCode">, link: SessionLink): Program | null => {
  if (link.program == null || link.program === "" || s.programs.length === 0) return null;
  if (s.programs.some((p) => p.code === link.program)) return null;
  return currentProgram(s) ?? null;
};

/**
 * The program shown instead when the profile's programs no longer hold the one the
 * session points at (a link's, taken before the programs were known, or one the person
 * lost): the one `chooseProgram` shows instead; none when theirs holds it or they have none.
 */
export const programGone = (s: Pick<SessionState, "programCode">, programs: ReadonlyArray<Program>): Program | null => {
  if (s.programCode === null || programs.some((p) => p.code === s.programCode)) return null;
  return chooseProgram(programs, s.programCode) ?? null;
};

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
