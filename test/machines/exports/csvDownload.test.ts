import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { csvDownloadMachine, csvDownloadSelectors as sel, csvFileNameOf, type CsvDownload, type CsvRequest } from "../../../src/machines/exports/csvDownload.machine";
import { httpErrors, signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

const range = { from: "2026-01-01", to: "2026-01-31" };
const request = (path: ReadonlyArray<string>): CsvRequest => ({ api: signedInApi, program: "acme", path, range });

const setup = () => {
  const download = controlled<void, CsvDownload>();
  const actor = createActor(csvDownloadMachine.provide({ actors: { downloadCsv: download.logic } }), { clock: new SimulatedClock() }).start();
  return { actor, download, snap: () => actor.getSnapshot() };
};

describe("csvDownload machine", () => {
  it("downloads the level-one CSV as overview.csv, then is idle again", async () => {
    const { actor, download, snap } = setup();
    expect(sel.isDownloading(snap())).toBe(false);
    actor.send({ type: "csv.requested", request: request([]) });
    expect(sel.isDownloading(snap())).toBe(true);
    expect(sel.fileName(snap())).toBe("overview.csv");
    expect(download.calls).toEqual([{ ...request([]), fileName: "overview.csv" }]);
    await download.resolve();
    expect(snap().value).toBe("idle");
    expect(sel.fileName(snap())).toBeNull();
  });

  it("names a taxonomy page's CSV by its taxonomy names joined by underscores", async () => {
    const { actor, download } = setup();
    actor.send({ type: "csv.requested", request: request(["Paid Search", "Brand"]) });
    expect(download.calls[0]?.fileName).toBe("Paid Search_Brand.csv");
    expect(download.calls[0]?.path).toEqual(["Paid Search", "Brand"]);
  });

  it("the fourth-level page downloads the table under its first three values, named by them", () => {
    expect(csvFileNameOf(["a", "b", "c", "d"])).toBe("a_b_c.csv");
    expect(csvFileNameOf(["Paid/Search", "x"])).toBe("Paid-Search_x.csv");
    expect(csvFileNameOf([])).toBe("overview.csv");
  });

  it("a failed download stops the loading with no message", async () => {
    const { actor, download, snap } = setup();
    actor.send({ type: "csv.requested", request: request(["Email"]) });
    await download.reject(httpErrors.server);
    expect(snap().value).toBe("idle");
    expect(snap().status).toBe("active");
    expect(snap().context.download).toBeNull();
  });

  it("a second request while one runs is ignored; after it, a new one starts", async () => {
    const { actor, download, snap } = setup();
    actor.send({ type: "csv.requested", request: request(["Email"]) });
    actor.send({ type: "csv.requested", request: request(["TV"]) });
    expect(download.calls).toHaveLength(1);
    expect(sel.fileName(snap())).toBe("Email.csv");
    await download.resolve();
    actor.send({ type: "csv.requested", request: request(["TV"]) });
    expect(download.calls.map((c) => c.fileName)).toEqual(["Email.csv", "TV.csv"]);
  });
});
