import { enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { DateRange } from "../../domain/report/dateRange";
import type { SortSpec } from "../../domain/table/tableSort";
import { peekTableMachine, type PeekFailed, type PeekTableActorRef } from "./peekTable.machine";
import { eventData } from "../runtime/eventData";
import { holdsNone, isBelow, pathKey, samePath, sameReportParams, type ReportParams } from "./reportParams";

/**
 * Which rows of a performance page are open: per taxonomy value, expanded or collapsed. An open row has a peek table
 * of its children (one `peekTable` actor per open row, spawned here, so it survives
 * its rows scrolling out of view).
 *
 * - The level-one table's rows open as detail rows (their level-two children), and each
 *   level-two child opens into level three; a channel's taxonomy-two table opens down to
 *   level four; the taxonomy-three page's rows open into a fourth-level peek table.
 * - 'None' rows never open. A row opens only when its parent row is open (or it is a row
 *   of the page's own table). Closing a row closes the rows below it.
 * - A reload (new program, dates, named filter or page) closes every row except the
 *   level-three rows, which keep their open state (their peek tables reload).
 * - A peek load failure clears the tree below that row.
 * - Comparison mode: the report tells the page's comparison range
 *   (`expansion.comparisonChanged`, null when off); every open peek table, at any level,
 *   and every row opened later loads its children for those dates too.
 */

export interface RowExpansionInput {
  /** null while there is nothing to load. */
  readonly params: ReportParams | null;
  /** The page's taxonomy path: its table lists the level below it. */
  readonly base: ReadonlyArray<string>;
  /** The deepest taxonomy level a row may open into (3 on the level-one page, 4 elsewhere). */
  readonly deepestLevel: number;
  readonly sort: SortSpec;
  /** The page's comparison dates while comparison mode is on (none: off). */
  readonly comparisonRange?: DateRange | null;
}

export interface RowExpansionContext extends Omit<RowExpansionInput, "comparisonRange"> {
  /** The page's comparison dates while comparison mode is on, else null. */
  readonly comparisonRange: DateRange | null;
  /** The open rows' taxonomy paths, in the order they were opened. */
  readonly open: ReadonlyArray<ReadonlyArray<string>>;
}

export type RowExpansionEvent =
  | { type: "expansion.toggled"; path: ReadonlyArray<string> }
  | { type: "expansion.paramsChanged"; params: ReportParams; base: ReadonlyArray<string> }
  | { type: "expansion.sortChanged"; sort: SortSpec }
  | { type: "expansion.comparisonChanged"; range: DateRange | null }
  | PeekFailed;

/** The level whose open state survives a reload. */
export const keptLevel = 3;

/** The id of the peek table actor of an open row. */
export const peekId = (path: ReadonlyArray<string>): string => `peek:${pathKey(path)}`;

const isOpenIn = (open: ReadonlyArray<ReadonlyArray<string>>, path: ReadonlyArray<string>): boolean => open.some((p) => samePath(p, path));

/**
 * Whether the row at `path` may open: not 'None', above the deepest level, under the
 * page's path, and either a row of the page's table or a child of an open row.
 */
export const canOpen = (c: Pick<RowExpansionContext, "params" | "base" | "deepestLevel" | "open">, path: ReadonlyArray<string>): boolean =>
  c.params !== null &&
  path.length < c.deepestLevel &&
  !holdsNone(path) &&
  isBelow(path, c.base) &&
  (path.length === c.base.length + 1 || isOpenIn(c.open, path.slice(0, -1)));

export const rowExpansionMachine = setup({
  types: {
    context: {} as RowExpansionContext,
    events: {} as RowExpansionEvent,
    input: {} as RowExpansionInput,
  },
  actors: {
    peekTable: peekTableMachine,
  },
  actions: {
    openRow: enqueueActions(({ context, enqueue, self }, params: { path: ReadonlyArray<string> }) => {
      if (context.params === null) return;
      enqueue.spawnChild("peekTable", {
        id: peekId(params.path),
        input: {
          params: context.params,
          path: params.path,
          sort: context.sort,
          owner: self,
          comparisonRange: context.comparisonRange,
        },
      });
      enqueue.assign({ open: [...context.open, params.path] });
    }),
    /** Closes the row and every open row below it. */
    closeRow: enqueueActions(({ context, enqueue }, params: { path: ReadonlyArray<string> }) => {
      const closing = context.open.filter((p) => samePath(p, params.path) || isBelow(p, params.path));
      for (const p of closing) enqueue.stopChild(peekId(p));
      enqueue.assign({ open: context.open.filter((p) => !closing.includes(p)) });
    }),
    /** A reload: every row closes except level three, whose peek tables reload with the new parameters. */
    reload: enqueueActions(({ context, enqueue }, change: { params: ReportParams; base: ReadonlyArray<string> }) => {
      const kept = context.open.filter((p) => p.length === keptLevel && isBelow(p, change.base));
      for (const p of context.open) if (!kept.includes(p)) enqueue.stopChild(peekId(p));
      for (const p of kept) enqueue.sendTo(peekId(p), { type: "peek.paramsChanged", params: change.params });
      enqueue.assign({ params: change.params, base: change.base, open: kept });
    }),
    changeSort: enqueueActions(({ context, enqueue }, params: { sort: SortSpec }) => {
      for (const p of context.open) enqueue.sendTo(peekId(p), { type: "peek.sortChanged", sort: params.sort });
      enqueue.assign({ sort: params.sort });
    }),
    /** Comparison mode on (its dates), off (null) or reloading: every open peek table follows it. */
    changeComparison: enqueueActions(({ context, enqueue }, params: { range: DateRange | null }) => {
      for (const p of context.open) enqueue.sendTo(peekId(p), { type: "peek.comparisonChanged", range: params.range });
      enqueue.assign({ comparisonRange: params.range });
    }),
    /** A failed peek table, silently, clears its data (the peek does) and the tree below it. */
    clearTreeBelow: enqueueActions(({ context, enqueue }, params: { path: ReadonlyArray<string> }) => {
      const below = context.open.filter((p) => isBelow(p, params.path));
      for (const p of below) enqueue.stopChild(peekId(p));
      enqueue.assign({ open: context.open.filter((p) => !below.includes(p)) });
    }),
  },
  guards: {
    isOpen: ({ context }, params: { path: ReadonlyArray<string> }) => isOpenIn(context.open, params.path),
    canOpen: ({ context }, params: { path: ReadonlyArray<string> }) => canOpen(context, params.path),
    isNewPage: ({ context }, change: { params: ReportParams; base: ReadonlyArray<string> }) =>
      !sameReportParams(context.params, change.params) || !samePath(context.base, change.base),
    isOtherSort: ({ context }, params: { sort: SortSpec }) =>
      params.sort.column !== context.sort.column || params.sort.direction !== context.sort.direction,
    isOpenPeek: ({ context }, params: { path: ReadonlyArray<string> }) => isOpenIn(context.open, params.path),
  },
}).createMachine({
  id: "rowExpansion",
  context: ({ input }) => ({ ...input, comparisonRange: input.comparisonRange ?? null, open: [] }),
  on: {
    "expansion.toggled": [
      { guard: { type: "isOpen", params: eventData }, actions: { type: "closeRow", params: eventData } },
      { guard: { type: "canOpen", params: eventData }, actions: { type: "openRow", params: eventData } },
    ],
    "expansion.paramsChanged": { guard: { type: "isNewPage", params: eventData }, actions: { type: "reload", params: eventData } },
    "expansion.sortChanged": { guard: { type: "isOtherSort", params: eventData }, actions: { type: "changeSort", params: eventData } },
    "expansion.peekFailed": { guard: { type: "isOpenPeek", params: eventData }, actions: { type: "clearTreeBelow", params: eventData } },
    "expansion.comparisonChanged": { actions: { type: "changeComparison", params: eventData } },
  },
});

type Snap = SnapshotFrom<typeof rowExpansionMachine>;

export interface RowQuestions {
  readonly isOpen: (path: ReadonlyArray<string>) => boolean;
  readonly canOpen: (path: ReadonlyArray<string>) => boolean;
}

/** Named selectors (the ones taking a path answer for one row). */
export const rowExpansionSelectors = {
  openPaths: (s: Snap) => s.context.open,
  isOpen: (s: Snap, path: ReadonlyArray<string>) => isOpenIn(s.context.open, path),
  canOpen: (s: Snap, path: ReadonlyArray<string>) => canOpen(s.context, path),
  /** The peek table of an open row. */
  peekOf: (s: Snap, path: ReadonlyArray<string>): PeekTableActorRef | undefined =>
    isOpenIn(s.context.open, path) ? (s.children[peekId(path)] as PeekTableActorRef | undefined) : undefined,
  /** The questions a table asks of each row, answered for this snapshot (a new object whenever what is open changes). */
  rows: (s: Snap): RowQuestions => ({
    isOpen: (path) => isOpenIn(s.context.open, path),
    canOpen: (path) => canOpen(s.context, path),
  }),
} satisfies Record<string, (s: Snap, ...args: never[]) => unknown>;

export type RowExpansionActorRef = ActorRefFrom<typeof rowExpansionMachine>;
