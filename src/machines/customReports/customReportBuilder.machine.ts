import { assign, not, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { CustomReportInput } from "../../domain/customReports/customReports";
import { customReportColumns, customReportDefaultSort, customReportPerPage } from "../../domain/customReports/customReportTable";
import {
  changedDraft,
  draftInput,
  draftProblems,
  emptyDraft,
  encodedRules,
  isPreviewable,
  isSavable,
  readDraftQuery,
  type DraftChange,
  type ReportDraft,
} from "../../domain/customReports/reportDraft";
import type { PerformanceRow, TableResponse } from "../../domain/performance/performance";
import type { Created } from "../../domain/report/configuration";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { fnv1a128 } from "../../domain/spend/spendBatchRetry";
import { totalsOf } from "../../domain/report/metrics";
import { pageCount, pageSlice } from "../../domain/table/pagination";
import type { SortSpec } from "../../domain/table/tableSort";
import { createCustomReport, previewCustomReport, type PreviewDefinition } from "../../services/customReports/customReports";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { customReportTableAssignments } from "./customReportTable";
import { contextMemo, readyOrEmpty, type LocalTable } from "../reports/reportData";
import {
  keepScope,
  keepScopeAssignment,
  sessionScopeActors,
  openingScope,
  reportCallOf,
  reportScopeGuards,
  scopeGuard,
  followSessionScope,
  programCallOf,
  waitForScope,
  type ProgramCall,
  type ReportCall,
  type ScopedReport,
  type SessionScopeChanged,
  type SessionSource,
} from "../reports/reportScope";

/**
 * Create Report (/reports/preview?name&level&rules): the draft (name, level, up to 20
 * rules) opened from the URL's query and kept as typed, its problems shown under their
 * fields, and a live preview of its table for the session's program and dates.
 *
 * `preview`: `waiting` (no program or dates), `invalid` (a rule has a problem: nothing is
 * asked), `settling` while the draft changes (the named delay `previewDelay` after the
 * last change, so typing asks once), `loading`, then `ready`, `empty` or `failed` ('Try
 * again'). A change of the name alone does not ask again (the table does not depend on it).
 *
 * `save`: `editing`; Save with problems stays there and shows every problem (nothing is
 * lost); Save of a good draft is `saving` (POST under an `Idempotency-Key` made of the
 * screen's id and the body, so a retried save of the same draft creates one report), then
 * `saved` with the new id (the view goes to it) or back to `editing` with the failure.
 */

export interface CustomReportBuilderInput {
  readonly session: SessionSource;
  /** The query of the page's URL when it opens (a shared preview's draft). */
  readonly search: string;
  /** The screen's own id (random, once per screen): the save's idempotency key is made from it. */
  readonly formId: string;
}

export interface CustomReportBuilderContext extends ScopedReport, LocalTable<PerformanceRow> {
  readonly formId: string;
  readonly draft: ReportDraft;
  /** Whether every problem is shown (after a Save), else only those of fields changed. */
  readonly showAllProblems: boolean;
  readonly nameTouched: boolean;
  /** The definition whose table `sorted` holds. */
  readonly shown: PreviewDefinition | null;
  readonly savedId: number | null;
  readonly saveFailed: boolean;
}

export type CustomReportBuilderEvent =
  | SessionScopeChanged
  | { readonly type: "builder.edited"; readonly change: DraftChange }
  | { readonly type: "builder.saveRequested" }
  | { readonly type: "preview.sorted"; readonly column: string }
  | { readonly type: "preview.paged"; readonly page: number }
  | { readonly type: "preview.retried" };

/** How long the preview waits after the last change before it asks (ms). */
export const previewDelayMs = 400;

export interface PreviewLoad extends ReportCall {
  readonly definition: PreviewDefinition;
}

export interface SaveLoad extends ProgramCall {
  readonly body: CustomReportInput;
  readonly idempotencyKey: string;
}

type Context = CustomReportBuilderContext;

const previewTable = customReportTableAssignments<Context>();

const definitionOf = (draft: ReportDraft): PreviewDefinition => ({ level: draft.level, rules: draft.rules });

const sameDefinition = (a: PreviewDefinition | null, b: PreviewDefinition): boolean =>
  a !== null && a.level === b.level && encodedRules(a.rules) === encodedRules(b.rules);

/** The save's `Idempotency-Key`: the screen's id and the body, so the same draft saved again is the same request. */
export const saveKeyOf = (formId: string, body: CustomReportInput): string => `custom-report-${fnv1a128(JSON.stringify([formId, body]))}`;

const previewLoadOf = ({ context }: { readonly context: Context }): PreviewLoad => ({ ...reportCallOf(context.scope), definition: definitionOf(context.draft) });

const saveLoadOf = ({ context }: { readonly context: Context }): SaveLoad => {
  const body = draftInput(context.draft);
  return { ...programCallOf(context.scope), body, idempotencyKey: saveKeyOf(context.formId, body) };
};

const changeOf = ({ event }: { readonly event: { readonly change: DraftChange } }): DraftChange => event.change;
const rowsOf = ({ event }: { readonly event: { readonly output: TableResponse } }): ReadonlyArray<PerformanceRow> => event.output.data;

export const customReportBuilderMachine = setup({
  types: {
    context: {} as Context,
    events: {} as CustomReportBuilderEvent,
    input: {} as CustomReportBuilderInput,
  },
  actors: {
    ...sessionScopeActors,
    loadPreview: fromApiCall<TableResponse, PreviewLoad, HttpError>(({ program, definition, range }) => previewCustomReport(program, definition, range)),
    saveReport: fromApiCall<Created, SaveLoad, HttpError>(({ program, body, idempotencyKey }) => createCustomReport(program, body, idempotencyKey)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    editDraft: assign(({ context }, change: DraftChange) => ({
      draft: changedDraft(context.draft, change),
      nameTouched: context.nameTouched || change.kind === "name",
      saveFailed: false,
    })),
    keepRows: assign(({ context }, rows: ReadonlyArray<PerformanceRow>) => ({ ...previewTable.keepRows({ context }, rows), shown: definitionOf(context.draft) })),
    dropRows: assign(() => ({ ...previewTable.dropRows(), shown: null })),
    sortBy: assign(previewTable.sortBy),
    turnPage: assign(previewTable.turnPage),
    showAllProblems: assign({ showAllProblems: () => true }),
    keepSavedId: assign((_, answer: Created) => ({ savedId: answer.data.id })),
    saySaveFailed: assign({ saveFailed: () => true }),
  },
  guards: {
    ...reportScopeGuards,
    isPreviewable: ({ context }) => isPreviewable(draftProblems(context.draft)),
    /** The change alters the table (level or rules), not only the name. */
    changesTable: ({ context }, change: DraftChange) => !sameDefinition(definitionOf(context.draft), definitionOf(changedDraft(context.draft, change))),
    isSavable: ({ context }) => isSavable(draftProblems(context.draft)),
    hasRows: (_, rows: ReadonlyArray<PerformanceRow>) => rows.length > 0,
  },
  delays: {
    previewDelay: previewDelayMs,
  },
}).createMachine({
  id: "customReportBuilder",
  context: ({ input }) => {
    const draft = input.search === "" ? emptyDraft : readDraftQuery(input.search);
    return {
      session: input.session,
      scope: openingScope(input.session),
      formId: input.formId,
      draft,
      showAllProblems: false,
      nameTouched: draft.name !== "",
      shown: null,
      savedId: null,
      saveFailed: false,
      sort: customReportDefaultSort,
      page: 1,
      columns: customReportColumns,
      sorted: [],
    };
  },
  invoke: followSessionScope,
  type: "parallel",
  states: {
    preview: {
      initial: "waiting",
      on: {
        "session.scopeChanged": [
          { guard: scopeGuard("isIncompleteScope"), target: ".waiting", actions: [keepScope, "dropRows"] },
          { guard: scopeGuard("isOtherScope"), target: ".asking", actions: keepScope },
        ],
        "builder.edited": [
          { guard: { type: "changesTable", params: changeOf }, target: ".settling", reenter: true, actions: { type: "editDraft", params: changeOf } },
          { actions: { type: "editDraft", params: changeOf } },
        ],
      },
      states: {
        waiting: waitForScope("asking"),
        /** Whether the draft can be previewed now. */
        asking: { always: [{ guard: not("hasCompleteScope"), target: "waiting" }, { guard: "isPreviewable", target: "loading" }, { target: "invalid" }] },
        invalid: {},
        /** The draft is changing: the preview asks `previewDelay` after the last change. */
        settling: { after: { previewDelay: "asking" } },
        loading: {
          invoke: {
            src: "loadPreview",
            input: previewLoadOf,
            onDone: readyOrEmpty("keepRows", rowsOf),
            onError: { target: "failed", actions: "dropRows" },
          },
        },
        ready: {
          on: {
            "preview.sorted": { actions: { type: "sortBy", params: ({ event }) => event.column } },
            "preview.paged": { actions: { type: "turnPage", params: ({ event }) => event.page } },
          },
        },
        empty: {},
        failed: { on: { "preview.retried": "asking" } },
      },
    },
    save: {
      initial: "editing",
      states: {
        editing: {
          on: {
            "builder.saveRequested": [{ guard: "isSavable", target: "saving" }, { actions: "showAllProblems" }],
          },
        },
        saving: {
          invoke: {
            src: "saveReport",
            input: saveLoadOf,
            onDone: { target: "saved", actions: { type: "keepSavedId", params: ({ event }) => event.output } },
            onError: { target: "editing", actions: "saySaveFailed" },
          },
        },
        /** Saved: the view goes to the report. */
        saved: { type: "final" },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof customReportBuilderMachine>;
const memo = contextMemo<Snap>();

const problemsOf = memo((s) => draftProblems(s.context.draft));
const footerOf = memo((s) => totalsOf(s.context.sorted));

/** What the preview shows now. */
export type PreviewStatus = ReportStatus | "invalid" | "settling";

const previewStatuses = ["waiting", "invalid", "settling", "loading", "ready", "empty", "failed"] as const satisfies ReadonlyArray<PreviewStatus>;

/** Named selectors: the view reads the builder only through these. */
export const customReportBuilderSelectors = {
  draft: (s: Snap) => s.context.draft,
  /** The problems shown now: all after a Save, else the name's once it was typed in, and the rules'. */
  shownProblems: memo((s) => {
    const problems = problemsOf(s);
    return s.context.showAllProblems || s.context.nameTouched ? problems : { ...problems, name: null };
  }),
  /** A Save was asked for over problems: the form says to check them. */
  mustFix: (s: Snap) => s.context.showAllProblems && !isSavable(problemsOf(s)),
  previewStatus: (s: Snap): PreviewStatus => {
    const state = previewStatuses.find((name) => s.matches({ preview: name }));
    return state ?? "loading";
  },
  isSaving: (s: Snap) => s.matches({ save: "saving" }),
  saveFailed: (s: Snap) => s.context.saveFailed,
  savedId: (s: Snap) => s.context.savedId,
  /** The level of the table shown (the draft's may have changed since). */
  shownLevel: (s: Snap) => s.context.shown?.level ?? s.context.draft.level,
  sort: (s: Snap): SortSpec => s.context.sort,
  page: (s: Snap) => s.context.page,
  perPage: () => customReportPerPage,
  total: (s: Snap) => s.context.sorted.length,
  pageCount: (s: Snap) => pageCount(s.context.sorted.length, customReportPerPage),
  pageRows: memo((s) => pageSlice(s.context.sorted, s.context.page, customReportPerPage)),
  footer: footerOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type CustomReportBuilderActorRef = ActorRefFrom<typeof customReportBuilderMachine>;
