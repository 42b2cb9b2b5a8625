import { Effect } from "effect";
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { serverCsvFileName } from "../../domain/exports/exportNaming";
import { csvMimeType, downloadFile } from "../../services/exports";
import * as performanceApi from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * 'Export as CSV': the server's CSV of the
 * table being looked at (the level-one table, or the tables under t1, t1/t2, t1/t2/t3),
 * saved as overview.csv or the taxonomy names joined by underscores. A failed download
 * only stops the loading, with no message; a request while one runs is ignored.
 */

/** Which CSV: where the call goes, the program, the route's taxonomy values and the dates. */
export interface CsvRequest {
  readonly api: ApiContext;
  readonly program: string;
  /** The route's taxonomy values (0 to 4); the call uses the first three. */
  readonly path: ReadonlyArray<string>;
  readonly range: performanceApi.ReportRange;
}

/** What the download actor gets: the request and the name the file is saved as. */
export interface CsvDownload extends CsvRequest {
  readonly fileName: string;
}

export interface CsvDownloadContext {
  readonly download: CsvDownload | null;
}

export type CsvDownloadEvent = { type: "csv.requested"; request: CsvRequest };

/** The file the server's CSV of a route is saved as: the first three taxonomy names, the call's own path. */
export const csvFileNameOf = (path: ReadonlyArray<string>): string => serverCsvFileName(path.slice(0, 3));

export const csvDownloadMachine = setup({
  types: {
    context: {} as CsvDownloadContext,
    events: {} as CsvDownloadEvent,
  },
  actors: {
    downloadCsv: fromApiCall<void, CsvDownload, HttpError>((d) =>
      performanceApi.tableCsv(d.program, d.path, d.range).pipe(Effect.flatMap((text) => downloadFile(new Blob([text], { type: csvMimeType }), d.fileName))),
    ),
  },
  actions: {
    planDownload: assign(({ event }) => ({ download: { ...event.request, fileName: csvFileNameOf(event.request.path) } })),
    forget: assign({ download: null }),
  },
}).createMachine({
  id: "csvDownload",
  context: { download: null },
  initial: "idle",
  states: {
    idle: {
      entry: "forget",
      on: { "csv.requested": { target: "downloading", actions: "planDownload" } },
    },
    downloading: {
      invoke: {
        src: "downloadCsv",
        input: ({ context }) => context.download as CsvDownload,
        onDone: "idle",
        // A failed CSV download stops the loading, with no message.
        onError: "idle",
      },
    },
  },
});

type Snap = SnapshotFrom<typeof csvDownloadMachine>;

export const csvDownloadSelectors = {
  isDownloading: (s: Snap) => s.matches("downloading"),
  /** The name the running download is saved as. */
  fileName: (s: Snap) => s.context.download?.fileName ?? null,
} satisfies Record<string, (s: Snap) => unknown>;

export type CsvDownloadActorRef = ActorRefFrom<typeof csvDownloadMachine>;
