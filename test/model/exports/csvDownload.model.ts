import { csvDownloadMachine, type CsvDownload } from "../../../src/machines/exports/csvDownload.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, signedInApi } from "../fixtures";

const range = { from: "2026-01-01", to: "2026-01-31" };

/** 'Export as CSV': the server's CSV, saved as overview.csv or the taxonomy names joined by underscores; a failure is silent. */
export const csvDownloadModel = defineMachineModel({
  name: "csvDownload",
  machine: csvDownloadMachine,
  events: {
    "csv.requested": {
      overview: { request: { api: signedInApi, program: "acme", path: [], range } },
      taxonomyTwo: { request: { api: signedInApi, program: "acme", path: ["Paid Search", "Brand"], range } },
      levelFour: { request: { api: signedInApi, program: "acme", path: ["Paid Search", "Brand", "Shoes", "red shoes"], range } },
    },
  },
  actorOutcomes: {
    downloadCsv: { resolves: { saved: undefined }, rejects: { server: httpErrors.server, network: httpErrors.network } },
  },
  observe: (c) => c.download?.fileName ?? null,
  check: ({ action, after, before, newCalls }) => {
    const starts = newCalls.filter((x) => x.kind === "actor");
    if (after.matches("idle")) invariant(after.context.download === null, "an idle download holds nothing");
    const started = action.kind === "event" && before?.matches("idle") === true;
    invariant(starts.length === (started ? 1 : 0), `expected ${started ? 1 : 0} download(s), got ${starts.length}`);
    for (const s of starts) {
      const d = s.payload as CsvDownload;
      const expected = d.path.length === 0 ? "overview.csv" : `${d.path.slice(0, 3).join("_")}.csv`;
      invariant(d.fileName === expected, `saved as ${d.fileName}, expected ${expected}`);
    }
  },
});
