import { Effect, Either, Exit, Fiber } from "effect";
import * as XLSX from "xlsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { csvBlob, csvMimeType, downloadFile, writeCsv, writeWorkbook } from "../../../src/services/exports";
import { xlsxBlob } from "../../../src/services/exports/xlsxFile";
import type { XlsxWriterRequest } from "../../../src/services/exports/xlsxWriterProtocol";

const sheetRows = async (blob: Blob) => {
  const wb = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: "array" });
  const name = wb.SheetNames[0] ?? "";
  return { name, rows: XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name] as XLSX.WorkSheet, { header: 1, defval: null }) };
};

type Behaviour = "write" | "hang" | "crash" | "fail";

class FakeWriterWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: ((e: MessageEvent) => void) | null = null;
  terminated = false;
  request: XlsxWriterRequest | null = null;
  transfer: unknown[] = [];
  constructor(private readonly behaviour: Behaviour) {}
  postMessage(data: XlsxWriterRequest, transfer: unknown[]) {
    this.request = data;
    this.transfer = transfer;
    if (this.behaviour === "hang") return;
    setTimeout(() => {
      if (this.terminated) return;
      if (this.behaviour === "crash") this.onerror?.({ message: "boom", preventDefault: () => {} } as unknown as ErrorEvent);
      else if (this.behaviour === "fail") this.onmessage?.({ data: { ok: false, message: "too big" } } as MessageEvent);
      else void xlsxBlob(data.table, { sheetName: data.sheetName }).then((blob) => this.onmessage?.({ data: { ok: true, blob } } as MessageEvent));
    });
  }
  terminate() {
    this.terminated = true;
  }
}

const fakeWorkers = (behaviour: Behaviour = "write") => {
  const started: FakeWriterWorker[] = [];
  return {
    started,
    createWorker: () => {
      const w = new FakeWriterWorker(behaviour);
      started.push(w);
      return w as unknown as Worker;
    },
  };
};

const content = (rows: number) => ({
  header: ["Taxonomy 1", "Page Lands", "Revenue"],
  rows: Array.from({ length: rows }, (_, i) => [i === 0 ? "=cmd|' /C calc'!A0" : `channel ${i % 7}`, i, i * 1.25]),
  sheetName: "Performance: Report?",
});

describe("writeWorkbook", () => {
  it("writes a small export on the main thread (no worker)", async () => {
    const w = fakeWorkers();
    const blob = await Effect.runPromise(writeWorkbook(content(3), { createWorker: w.createWorker }));
    expect(w.started).toHaveLength(0);
    const { name, rows } = await sheetRows(blob);
    expect(name).toBe("Performance Report");
    expect(rows).toEqual([
      ["Taxonomy 1", "Page Lands", "Revenue"],
      ["'=cmd|' /C calc'!A0", 0, 0],
      ["channel 1", 1, 1.25],
      ["channel 2", 2, 2.5],
    ]);
  });

  it("writes 2,000 rows or more in a fresh worker, numbers transferred, and terminates it", async () => {
    const w = fakeWorkers();
    const blob = await Effect.runPromise(writeWorkbook(content(2000), { createWorker: w.createWorker }));
    expect(w.started).toHaveLength(1);
    const worker = w.started[0] as FakeWriterWorker;
    expect(worker.terminated).toBe(true);
    expect(worker.request?.sheetName).toBe("Performance Report");
    expect(worker.request?.table.columns.map((c) => c.kind)).toEqual(["cells", "numbers", "numbers"]);
    expect(worker.transfer).toHaveLength(2);
    const { rows } = await sheetRows(blob);
    expect(rows).toHaveLength(2001);
    expect(rows[1]).toEqual(["'=cmd|' /C calc'!A0", 0, 0]);
    expect(rows[2000]).toEqual(["channel 4", 1999, 2498.75]);
  });

  it.each(["crash", "fail"] as const)("a worker that %ss is WorkbookWriteFailed, and terminated", async (behaviour) => {
    const w = fakeWorkers(behaviour);
    const result = await Effect.runPromise(Effect.either(writeWorkbook(content(5), { createWorker: w.createWorker, mainThreadRowLimit: 0 })));
    expect(Either.isLeft(result) && result.left._tag).toBe("WorkbookWriteFailed");
    expect(w.started[0]?.terminated).toBe(true);
  });

  it("interrupting the export terminates the worker", async () => {
    const w = fakeWorkers("hang");
    const fiber = Effect.runFork(writeWorkbook(content(5), { createWorker: w.createWorker, mainThreadRowLimit: 0 }));
    await new Promise((r) => setTimeout(r, 10));
    const exit = await Effect.runPromise(Fiber.interrupt(fiber));
    expect(Exit.isInterrupted(exit)).toBe(true);
    expect(w.started[0]?.terminated).toBe(true);
  });
});

describe("CSV export", () => {
  it("starts with a UTF-8 byte-order mark, keeps accents and neutralises formulas", async () => {
    const blob = csvBlob({ header: ["Taxonomy 1", "Cost"], rows: [["Café £", 12.5], ["=1+1", -3], ["a,b", null]] });
    expect(blob.type).toBe(csvMimeType);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFTaxonomy 1,Cost\r\nCafé £,12.5\r\n\'=1+1,-3\r\n"a,b",\r\n');
  });

  it("writeCsv is the same file as an Effect", async () => {
    const blob = await Effect.runPromise(writeCsv({ header: ["a"], rows: [[1]] }));
    expect(await blob.text()).toBe("a\r\n1\r\n");
  });
});

describe("downloadFile", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("clicks a hidden link to an object URL with the file name, removes it, and revokes the URL afterwards", async () => {
    vi.useFakeTimers();
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    const body = { children: new Set<unknown>(), append(el: unknown) { this.children.add(el); } };
    const link = {
      href: "",
      download: "",
      rel: "",
      style: { display: "" },
      click() {
        clicked.push({ href: this.href, download: this.download, attached: body.children.has(this) });
      },
      remove() {
        body.children.delete(this);
      },
    };
    const revoked: string[] = [];
    vi.stubGlobal("document", { body, createElement: () => link });
    vi.stubGlobal("URL", Object.assign(Object.create(URL), { createObjectURL: () => "blob:x", revokeObjectURL: (u: string) => revoked.push(u) }));
    await Effect.runPromise(downloadFile(new Blob(["x"]), "acme_performance_report.xlsx"));
    expect(clicked).toEqual([{ href: "blob:x", download: "acme_performance_report.xlsx", attached: true }]);
    expect(body.children.size).toBe(0);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(revoked).toEqual(["blob:x"]);
  });
});
