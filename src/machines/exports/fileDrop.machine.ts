import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { workbookKind, workbookMessages, type WorkbookSheet } from "../../domain/exports/workbookFile";
import type { WorkbookCell } from "../../domain/exports/workbookRows";
import { readWorkbook, type ReadWorkbook, type WorkbookFileLike, type WorkbookReadError } from "../../services/workbook";
import { fromEffect } from "../runtime/fromEffect";

/**
 * The file drop area: a dropped .csv or
 * .xlsx file is read as a workbook (in a fresh worker, see services/workbook); a file of
 * another type shows the toast 'That file format isn't supported'; removing the file
 * clears it; a new file replaces the current one in any state. With several sheets one
 * is chosen. What is loaded is announced to whoever uses the rows (the spend batch).
 */

export interface FileDropContext {
  /** The file being read (kept only while reading). */
  readonly file: WorkbookFileLike | null;
  readonly fileName: string | null;
  readonly sheets: ReadonlyArray<WorkbookSheet>;
  readonly sheetIndex: number;
  readonly error: string | null;
}

export type FileDropEvent =
  | { type: "file.dropped"; file: WorkbookFileLike }
  | { type: "file.removed" }
  | { type: "file.sheetChosen"; sheet: number };

/** What `announceSheet` tells the app: the rows of the chosen sheet. */
export interface LoadedSheet {
  readonly fileName: string;
  readonly sheetName: string;
  readonly rows: ReadonlyArray<ReadonlyArray<WorkbookCell>>;
}

const emptyContext: FileDropContext = { file: null, fileName: null, sheets: [], sheetIndex: 0, error: null };

const loadedSheet = ({ context }: { context: FileDropContext }): LoadedSheet => {
  const sheet = context.sheets[context.sheetIndex];
  return { fileName: context.fileName ?? "", sheetName: sheet?.name ?? "", rows: sheet?.rows ?? [] };
};

const messageOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error && typeof (error as { message: unknown }).message === "string"
    ? (error as { message: string }).message
    : workbookMessages.unreadable;

export const fileDropMachine = setup({
  types: {
    context: {} as FileDropContext,
    events: {} as FileDropEvent,
  },
  actors: {
    readWorkbook: fromEffect<ReadWorkbook, { file: WorkbookFileLike }, WorkbookReadError>(({ file }) => readWorkbook(file)),
  },
  actions: {
    rememberFile: assign((_, params: { file: WorkbookFileLike }) => ({ ...emptyContext, file: params.file, fileName: params.file.name })),
    storeWorkbook: assign((_, workbook: ReadWorkbook) => ({ file: null, sheets: workbook.sheets, sheetIndex: 0, error: null })),
    chooseSheet: assign((_, params: { sheet: number }) => ({ sheetIndex: params.sheet })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ file: null, error: messageOf(params.error) })),
    rememberUnsupported: assign(() => ({ file: null, error: workbookMessages.unsupported })),
    forget: assign(() => emptyContext),
    /** Provided by the app: the toast 'That file format isn't supported' (toast.shown to the toasts actor). */
    notifyUnsupported: () => {},
    /** Provided by the app: the chosen sheet's rows are ready (e.g. batch.sheetLoaded to the spend batch). */
    announceSheet: (_, _sheet: LoadedSheet) => {},
    /** Provided by the app: there are no rows any more (e.g. batch.cleared to the spend batch). */
    announceCleared: () => {},
  },
  guards: {
    isSupportedFile: (_, params: { file: WorkbookFileLike }) => workbookKind(params.file.name) !== null,
    hasSeveralSheets: (_, workbook: ReadWorkbook) => workbook.sheets.length > 1,
    isUnsupportedFile: (_, params: { error: unknown }) => (params.error as { _tag?: unknown } | undefined)?._tag === "UnsupportedFile",
    isOtherSheet: ({ context }, params: { sheet: number }) =>
      Number.isInteger(params.sheet) && params.sheet >= 0 && params.sheet < context.sheets.length && params.sheet !== context.sheetIndex,
  },
}).createMachine({
  id: "fileDrop",
  context: emptyContext,
  initial: "empty",
  on: {
    "file.dropped": [
      {
        guard: { type: "isSupportedFile", params: ({ event }) => ({ file: event.file }) },
        target: ".reading",
        reenter: true,
        actions: [{ type: "rememberFile", params: ({ event }) => ({ file: event.file }) }, "announceCleared"],
      },
      {
        target: ".refused.unsupported",
        actions: [
          { type: "rememberFile", params: ({ event }) => ({ file: event.file }) },
          "rememberUnsupported",
          "notifyUnsupported",
          "announceCleared",
        ],
      },
    ],
  },
  states: {
    empty: {},
    reading: {
      invoke: {
        src: "readWorkbook",
        input: ({ context }) => ({ file: context.file as WorkbookFileLike }),
        onDone: [
          {
            guard: { type: "hasSeveralSheets", params: ({ event }) => event.output },
            target: "loaded.severalSheets",
            actions: [{ type: "storeWorkbook", params: ({ event }) => event.output }, { type: "announceSheet", params: loadedSheet }],
          },
          {
            target: "loaded.oneSheet",
            actions: [{ type: "storeWorkbook", params: ({ event }) => event.output }, { type: "announceSheet", params: loadedSheet }],
          },
        ],
        onError: [
          {
            guard: { type: "isUnsupportedFile", params: ({ event }) => ({ error: event.error }) },
            target: "refused.unsupported",
            actions: ["rememberUnsupported", "notifyUnsupported"],
          },
          { target: "refused.unreadable", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: { "file.removed": { target: "empty", actions: ["forget", "announceCleared"] } },
    },
    loaded: {
      initial: "oneSheet",
      on: { "file.removed": { target: "empty", actions: ["forget", "announceCleared"] } },
      states: {
        oneSheet: {},
        /** A sheet to choose (the first is chosen at first). */
        severalSheets: {
          on: {
            "file.sheetChosen": {
              guard: { type: "isOtherSheet", params: ({ event }) => ({ sheet: event.sheet }) },
              actions: [{ type: "chooseSheet", params: ({ event }) => ({ sheet: event.sheet }) }, { type: "announceSheet", params: loadedSheet }],
            },
          },
        },
      },
    },
    refused: {
      initial: "unreadable",
      on: { "file.removed": { target: "empty", actions: ["forget", "announceCleared"] } },
      states: {
        /** Not a .csv or .xlsx file: the toast has been shown. */
        unsupported: {},
        /** Too large, too long, too slow, or not a spreadsheet: the message says which. */
        unreadable: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof fileDropMachine>;

const namesCache = new WeakMap<object, string[]>();
const sheetNames = (s: Snap): string[] => {
  const cached = namesCache.get(s.context.sheets);
  if (cached) return cached;
  const names = s.context.sheets.map((sheet) => sheet.name);
  namesCache.set(s.context.sheets, names);
  return names;
};

export const fileDropSelectors = {
  isEmpty: (s: Snap) => s.matches("empty"),
  isReading: (s: Snap) => s.matches("reading"),
  isLoaded: (s: Snap) => s.matches("loaded"),
  isRefused: (s: Snap) => s.matches("refused"),
  hasSeveralSheets: (s: Snap) => s.matches({ loaded: "severalSheets" }),
  fileName: (s: Snap) => s.context.fileName,
  error: (s: Snap) => s.context.error,
  sheetNames,
  sheetIndex: (s: Snap) => s.context.sheetIndex,
  rowCount: (s: Snap) => s.context.sheets[s.context.sheetIndex]?.rows.length ?? 0,
} satisfies Record<string, (s: Snap) => unknown>;

export type FileDropActorRef = ActorRefFrom<typeof fileDropMachine>;
