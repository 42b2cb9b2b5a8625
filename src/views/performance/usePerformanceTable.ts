import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useState } from "react";
import type { PagedTable } from "../../domain/table/pagination";
import type { SortSpec } from "../../domain/table/tableSort";
import { performanceTableMachine, type PerformanceTableActorRef } from "../../machines/performance/performanceTable.machine";
import type { ReportParams, TableParams } from "../../machines/performance/reportParams";
import { rowExpansionMachine, type RowExpansionActorRef } from "../../machines/performance/rowExpansion.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";

/** How the table of a performance page behaves, by route depth; null where the page has no table. */
export interface LevelTableConfig {
  readonly kind: Exclude<PagedTable, "search">;
  /** The level-four report (taxonomy 4 values). */
  readonly levelFour: boolean;
  /** The deepest level a row opens into: 3 on the level-one page (level-one row, then its level-two children), else 4. */
  readonly deepestLevel: number;
  /** 'None' sorted last, in the table and its nested levels (a channel's taxonomy-two table). */
  readonly noneLast: boolean;
}

export const levelTableConfig = (path: ReadonlyArray<string>, searchTerm?: string): LevelTableConfig | null => {
  if (searchTerm !== undefined || path.length > 3) return null;
  if (path.length === 1) return { kind: "taxonomyTwo", levelFour: false, deepestLevel: 4, noneLast: true };
  return { kind: "level", levelFour: path.length === 3, deepestLevel: path.length === 0 ? 3 : 4, noneLast: false };
};

export interface PerformanceTableActors {
  readonly table: PerformanceTableActorRef;
  readonly expansion: RowExpansionActorRef;
  readonly config: LevelTableConfig | null;
}

/**
 * The actors of a performance page's table: the table (load, sort, page) and what is
 * open in it. Program, dates, named filter and path come from the session and the route;
 * a change of any of them reloads. The table starts in the stored sort
 * and tells the session of each change; `PerformanceTable` passes it on to the peek tables.
 */
export const usePerformanceTable = (path: ReadonlyArray<string>, searchTerm?: string): PerformanceTableActors => {
  const { session } = useAppActors();
  const baseUrl = useSelector(session, sessionSelectors.apiBaseUrl);
  const token = useSelector(session, sessionSelectors.token);
  const program = useSelector(session, sessionSelectors.programCode);
  const range = useSelector(session, sessionSelectors.range);
  const namedFilter = useSelector(session, sessionSelectors.namedFilter);

  const pathKey = JSON.stringify(path);
  const base = useMemo(() => JSON.parse(pathKey) as ReadonlyArray<string>, [pathKey]);
  const config = useMemo(() => levelTableConfig(base, searchTerm), [base, searchTerm]);
  const report = useMemo<ReportParams | null>(
    () =>
      program !== null && range !== null && config !== null
        ? { api: { baseUrl, token }, program, range: { from: range.from, to: range.to }, filter: namedFilter }
        : null,
    [baseUrl, token, program, range, namedFilter, config],
  );
  const params = useMemo<TableParams | null>(() => (report ? { ...report, path: base } : null), [report, base]);
  // The stored sort is read once: the table owns it from then on (and tells the session of changes).
  const [sort] = useState<SortSpec>(() => {
    const { sortMetric, sortDirection } = sessionSelectors.preferences(session.getSnapshot());
    return { column: sortMetric, direction: sortDirection };
  });

  const table = useActorRef(performanceTableMachine, {
    input: { params, sort, kind: config?.kind ?? "level", levelFour: config?.levelFour ?? false, sortListener: session },
  });
  const expansion = useActorRef(rowExpansionMachine, {
    input: { params: report, base, deepestLevel: config?.deepestLevel ?? 0, sort, noneLast: config?.noneLast ?? false },
  });

  // A new URL (program, dates, named filter or path) reloads; the machines ignore what did not change.
  useEffect(() => {
    table.send({ type: "table.paramsChanged", params });
  }, [table, params]);
  useEffect(() => {
    if (report) expansion.send({ type: "expansion.paramsChanged", params: report, base });
  }, [expansion, report, base]);

  return { table, expansion, config };
};
