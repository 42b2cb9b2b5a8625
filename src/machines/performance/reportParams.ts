import { noneTaxonomy } from "../../domain/performance/performance";
import type { NamedFilter } from "../../domain/shell/session";
import type { ReportRange, ReportScope } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";

/**
 * What a performance table call depends on besides its taxonomy path: where calls go
 * and who makes them, the program, the dates and the named filter: a change of any of
 * them (a new URL) triggers a reload.
 */
export interface ReportParams {
  readonly api: ApiContext;
  readonly program: string;
  readonly range: ReportRange;
  /** 'default' uses the plain call; another name its named variant. */
  readonly filter: NamedFilter | string;
}

/** The parameters of one table: the report's and the taxonomy values chosen (0 to 3: the table lists the next level). */
export interface TableParams extends ReportParams {
  readonly path: ReadonlyArray<string>;
}

export const sameReportParams = (a: ReportParams | null, b: ReportParams | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.api.baseUrl === b.api.baseUrl &&
    a.api.token === b.api.token &&
    a.program === b.program &&
    a.range.from === b.range.from &&
    a.range.to === b.range.to &&
    a.filter === b.filter);

export const samePath = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

export const sameTableParams = (a: TableParams | null, b: TableParams | null): boolean =>
  sameReportParams(a, b) && (a === b || (a !== null && b !== null && samePath(a.path, b.path)));

/** The API scope of the table listing the level below `path`. */
export const scopeOf = (params: ReportParams, path: ReadonlyArray<string>): ReportScope => ({
  program: params.program,
  range: params.range,
  path,
  filter: params.filter,
});

/** The row field naming the values listed under `path`: taxonomy_1 under no value, ... taxonomy_4 under three. */
export const levelColumnOf = (path: ReadonlyArray<string>): string => `taxonomy_${Math.min(path.length, 3) + 1}`;

/** A taxonomy path as one key (values may hold any character). */
export const pathKey = (path: ReadonlyArray<string>): string => JSON.stringify(path);

/** Whether `path` lies under `ancestor` (strictly below it). */
export const isBelow = (path: ReadonlyArray<string>, ancestor: ReadonlyArray<string>): boolean =>
  path.length > ancestor.length && ancestor.every((value, i) => value === path[i]);

/** A path holding a 'None' value names no page and cannot be opened ('None' is never linked nor expanded). */
export const holdsNone = (path: ReadonlyArray<string>): boolean => path.includes(noneTaxonomy);
