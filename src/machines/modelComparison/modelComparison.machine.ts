import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  comparisonExportOf,
  comparisonSorts,
  comparisonTableRows,
  modelComparisonQuery,
  modelComparisonTexts as texts,
  sortedComparisonRows,
  type ComparisonLevel,
  type ModelComparisonChoices,
  type ModelComparisonResponse,
  type ModelComparisonTableRow,
} from "../../domain/modelComparison/modelComparison";
import { readReportQuery } from "../../domain/report/reportQuery";
import { nextSort } from "../../domain/table/tableSort";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { loadModelComparison, type ModelComparisonCall } from "../../services/modelComparison/modelComparison";
import type { ExportOpened } from "../exports/exportDialog.machine";
import { openDataStates, openStatusOf, type ReportRouteInput, type RouteReport } from "../reports/reportData";
import { exportDialogId, openingReport, reportFrameActors, reportFrameGuards, reportFrameSelectors, tableExportOf } from "../reports/reportFrame";
import { followSessionScope, keepScopeAssignment, reportCallOf, type SessionScopeChanged } from "../reports/reportScope";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * The model comparison page (/model-comparison): it follows the session's scope (machines/reports/reportScope.ts),
 * loads the comparison of its level (taxonomy 1 or 2) for the program and dates, and keeps the person's choices
 * (the level, the table's sort), read once from the URL's query when it opens.
 *
 * - Another level loads afresh (in `waiting` it is only kept).
 * - The table is sorted locally: a header sorts by its column, biggest first (the channel A to Z); the same header
 *   again turns the direction.
 * - A failed load forgets the answer and shows the failure with 'Try again' (`modelComparison.retried`).
 * - `modelComparison.exportRequested` opens the Export Data dialog (its child) with every row in the current sort.
 */

export type ModelComparisonInput = ReportRouteInput;

export interface ModelComparisonContext extends RouteReport {
  readonly choices: ModelComparisonChoices;
  readonly answer: ModelComparisonResponse | null;
  /** Every row in the current sort. */
  readonly sorted: ReadonlyArray<ModelComparisonTableRow>;
}

export type ModelComparisonEvent =
  | SessionScopeChanged
  | { readonly type: "modelComparison.levelChanged"; readonly level: ComparisonLevel }
  /** A header clicked: its column, or the other direction when it is already the sort. */
  | { readonly type: "modelComparison.headerClicked"; readonly column: string }
  | { readonly type: "modelComparison.retried" }
  | { readonly type: "modelComparison.exportRequested" };

/** What a load is given: where calls go and the call (program, dates, level). */
export interface ModelComparisonLoadInput {
  readonly api: ApiContext;
  readonly call: ModelComparisonCall;
}

type Context = ModelComparisonContext;

/** The level a level change asks for (the data states' events are typed where they are answered). */
const levelOf = ({ event }: { readonly event: { readonly level: ComparisonLevel } }): ComparisonLevel => event.level;

const loadInput = ({ context }: { readonly context: Context }): ModelComparisonLoadInput => {
  const call = reportCallOf(context.scope);
  return { api: call.api, call: { program: call.program, range: call.range, level: context.choices.level } };
};

const sortedOf = (answer: ModelComparisonResponse | null, choices: ModelComparisonChoices) =>
  answer === null ? [] : sortedComparisonRows(comparisonTableRows(answer), choices.sort, choices.direction);

/** What the Export Data dialog opens with: every row in the current sort, every figure. */
export const exportOpenedOf = (context: Context): ExportOpened =>
  tableExportOf(context.scope, texts.exportKind, comparisonExportOf(context.answer?.level ?? context.choices.level, context.sorted));

export const modelComparisonMachine = setup({
  types: {
    context: {} as ModelComparisonContext,
    events: {} as ModelComparisonEvent,
    input: {} as ModelComparisonInput,
  },
  actors: {
    ...reportFrameActors,
    loadComparison: fromApiCall<ModelComparisonResponse, ModelComparisonLoadInput, HttpError>(({ call }) => loadModelComparison(call)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    storeAnswer: assign(({ context }, answer: ModelComparisonResponse) => ({ answer, sorted: sortedOf(answer, context.choices) })),
    clearAnswer: assign({ answer: null, sorted: [] }),
    changeLevel: assign(({ context }, level: ComparisonLevel) => ({ choices: { ...context.choices, level } })),
    clickHeader: assign(({ context }, column: string) => {
      const spec = nextSort({ column: context.choices.sort, direction: context.choices.direction }, column, column === "name" ? "asc" : "desc");
      const choices = { ...context.choices, sort: spec.column, direction: spec.direction };
      return { choices, sorted: sortedOf(context.answer, choices) };
    }),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    openExport: sendTo(exportDialogId, ({ context }) => exportOpenedOf(context)),
  },
  guards: {
    ...reportFrameGuards,
    hasRows: ({ context }) => context.sorted.length > 0,
    isOtherLevel: ({ context }, level: ComparisonLevel) => level !== context.choices.level,
    isSortColumn: (_, column: string) => comparisonSorts.includes(column),
  },
}).createMachine({
  id: "modelComparison",
  context: ({ input }) => ({
    ...openingReport(input),
    choices: readReportQuery(input.search ?? "", modelComparisonQuery),
    answer: null,
    sorted: [],
  }),
  invoke: followSessionScope,
  entry: "spawnExportDialog",
  on: {
    "modelComparison.headerClicked": {
      guard: { type: "isSortColumn", params: ({ event }) => event.column },
      actions: { type: "clickHeader", params: ({ event }) => event.column },
    },
  },
  initial: "waiting",
  /** `waiting`: no program or dates yet, nothing to load; a failed load shows 'Try again'. */
  states: openDataStates({
    src: "loadComparison",
    input: loadInput,
    keep: "storeAnswer",
    forget: "clearAnswer",
    has: "hasRows",
    waiting: {
      "modelComparison.levelChanged": { actions: { type: "changeLevel", params: levelOf } },
    },
    open: {
      "modelComparison.levelChanged": {
        guard: { type: "isOtherLevel", params: levelOf },
        target: ".loading",
        reenter: true,
        actions: { type: "changeLevel", params: levelOf },
      },
    },
    ready: { "modelComparison.exportRequested": { actions: "openExport" } },
    failed: { "modelComparison.retried": { target: "loading" } },
  }),
});

type Snap = SnapshotFrom<typeof modelComparisonMachine>;

/** Named selectors: the view reads the report only through these. */
export const modelComparisonSelectors = {
  status: openStatusOf,
  choices: (s: Snap) => s.context.choices,
  level: (s: Snap) => s.context.choices.level,
  /** Every row, in the current sort. */
  rows: (s: Snap) => s.context.sorted,
  removalEffects: (s: Snap) => s.context.answer?.markov.removal_effects ?? [],
  transitions: (s: Snap) => s.context.answer?.markov.transitions ?? null,
  ...reportFrameSelectors,
} satisfies Record<string, (s: Snap) => unknown>;

export type ModelComparisonActorRef = ActorRefFrom<typeof modelComparisonMachine>;
