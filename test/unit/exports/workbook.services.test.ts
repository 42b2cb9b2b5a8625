import { Effect, Either, Exit, Fiber } from "effect";
import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { parseWorkbook } from "../../../src/services/workbook/parseWorkbook";
import type { WorkbookReaderRequest } from "../../../src/services/workbook/readerProtocol";
import { checkedAnswer, readWorkbook, type WorkbookFileLike } from "../../../src/services/workbook/readWorkbook";
import { workbookMessages } from "../../../src/domain/exports/workbookFile";
import { rowsFromSheet } from "../../../src/domain/exports/workbookRows";

const bytesOf = (u8: Uint8Array): ArrayBuffer => u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;
const text = (s: string): ArrayBuffer => bytesOf(new TextEncoder().encode(s));

const xlsxBytes = (sheets: Record<string, XLSX.WorkSheet>): ArrayBuffer => {
  const wb = XLSX.utils.book_new();
  for (const [name, sheet] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, sheet, name);
  return bytesOf(new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
};

const request = (bytes: ArrayBuffer, kind: "csv" | "xlsx", maxRows = 100, maxColumns = 50): WorkbookReaderRequest => ({ bytes, kind, maxRows, maxColumns });

describe("parseWorkbook (runs in the reader worker)", () => {
  it("reads with SheetJS 0.20.3, not 0.18.5 and its published prototype-pollution and ReDoS flaws", () => {
    expect(XLSX.version).toBe("0.20.3");
  });

  it("answers a CSV as a matrix of texts, UTF-8, byte-order mark dropped", () => {
    const answer = parseWorkbook(request(text("\uFEFFtaxonomy_1,cost,start_date\r\nCafé,£12.50,05/01/2026\r\n=SUM(1),1e3,\r\n"), "csv"));
    expect(answer).toEqual({
      ok: true,
      sheets: [
        {
          name: "Sheet1",
          rows: [
            ["taxonomy_1", "cost", "start_date"],
            ["Café", "£12.50", "05/01/2026"],
            ["=SUM(1)", "1e3"],
          ],
          truncated: false,
        },
      ],
    });
  });


  it("answers every sheet of an xlsx, numbers as numbers, dated cells as ISO texts, booleans, empties", () => {
    const costs = XLSX.utils.aoa_to_sheet([["taxonomy_1", "cost", "start_date", "active"], ["TV", 12.5, null, true]]);
    costs.C2 = { t: "n", v: 46027, z: "yyyy-mm-dd" };
    costs.D3 = { t: "n", v: 46027.5, z: "dd/mm/yyyy hh:mm" };
    costs["!ref"] = "A1:D3";
    const notes = XLSX.utils.aoa_to_sheet([[null, "note"]]);
    const answer = parseWorkbook(request(xlsxBytes({ Costs: costs, Notes: notes, Empty: {} as XLSX.WorkSheet }), "xlsx"));
    expect(answer).toEqual({
      ok: true,
      sheets: [
        {
          name: "Costs",
          rows: [
            ["taxonomy_1", "cost", "start_date", "active"],
            ["TV", 12.5, "2026-01-05", true],
            [null, null, null, "2026-01-05T12:00:00"],
          ],
          truncated: false,
        },
        { name: "Notes", rows: [[null, "note"]], truncated: false },
        { name: "Empty", rows: [], truncated: false },
      ],
    });
  });

  it("keeps sheet positions: data starting at C3 keeps two empty rows and columns before it", () => {
    const sheet = XLSX.utils.aoa_to_sheet([["x"]], { origin: "C3" } as XLSX.AOA2SheetOpts);
    const answer = parseWorkbook(request(xlsxBytes({ S: sheet }), "xlsx"));
    expect(answer.ok && answer.sheets[0]?.rows).toEqual([[], [], [null, null, "x"]]);
  });

  it("marks a sheet longer than the row cap as truncated and answers only the cap", () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`row ${i}`]);
    const answer = parseWorkbook(request(xlsxBytes({ Long: XLSX.utils.aoa_to_sheet(rows) }), "xlsx", 10));
    expect(answer.ok && answer.sheets[0]?.truncated).toBe(true);
    expect(answer.ok && answer.sheets[0]?.rows.length).toBe(10);
    const exact = parseWorkbook(request(xlsxBytes({ Exact: XLSX.utils.aoa_to_sheet(rows.slice(0, 10)) }), "xlsx", 10));
    expect(exact.ok && exact.sheets[0]?.truncated).toBe(false);
  });

  it("marks a long CSV as truncated", () => {
    const csv = Array.from({ length: 20 }, (_, i) => `r${i}`).join("\n");
    const answer = parseWorkbook(request(text(csv), "csv", 5));
    expect(answer.ok && answer.sheets[0]?.truncated).toBe(true);
  });

  it("cuts columns beyond the column cap", () => {
    const answer = parseWorkbook(request(text("a,b,c,d,e\n1,2,3,4,5\n"), "csv", 10, 3));
    expect(answer.ok && answer.sheets[0]?.rows).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("answers a failure for a file that is no workbook", () => {
    const answer = parseWorkbook(request(text("PK\u0003\u0004 definitely not a zip"), "xlsx"));
    expect(answer.ok).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------
// readWorkbook, with a fake worker that runs parseWorkbook (or misbehaves)

type Behaviour = "parse" | "hang" | "crash" | { readonly answer: unknown };

class FakeWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: ((e: MessageEvent) => void) | null = null;
  terminated = false;
  readonly posted: unknown[] = [];
  readonly transfers: unknown[] = [];
  constructor(private readonly behaviour: Behaviour) {}
  postMessage(data: WorkbookReaderRequest, transfer?: unknown[]) {
    this.posted.push(data);
    this.transfers.push(transfer);
    setTimeout(() => {
      if (this.terminated) return;
      if (this.behaviour === "hang") return;
      if (this.behaviour === "crash") this.onerror?.({ message: "boom", preventDefault: () => {} } as unknown as ErrorEvent);
      else if (this.behaviour === "parse") this.onmessage?.({ data: parseWorkbook(data) } as MessageEvent);
      else this.onmessage?.({ data: this.behaviour.answer } as MessageEvent);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

const workers = (behaviour: Behaviour = "parse") => {
  const started: FakeWorker[] = [];
  return {
    started,
    createWorker: () => {
      const w = new FakeWorker(behaviour);
      started.push(w);
      return w as unknown as Worker;
    },
  };
};

const file = (name: string, content: string | ArrayBuffer, size?: number): WorkbookFileLike => {
  const bytes = typeof content === "string" ? text(content) : content;
  return { name, size: size ?? bytes.byteLength, arrayBuffer: async () => bytes.slice(0) };
};

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.either(effect));

describe("readWorkbook", () => {
  it("reads a CSV in a fresh worker, transfers the bytes, and terminates the worker", async () => {
    const w = workers();
    const result = await run(readWorkbook(file("costs.csv", "a,b\n1,2\n"), { createWorker: w.createWorker }));
    expect(result).toEqual(Either.right({ fileName: "costs.csv", sheets: [{ name: "Sheet1", rows: [["a", "b"], ["1", "2"]] }] }));
    expect(w.started).toHaveLength(1);
    expect(w.started[0]?.terminated).toBe(true);
    const posted = w.started[0]?.posted[0] as WorkbookReaderRequest;
    expect(posted).toMatchObject({ kind: "csv", maxRows: 10_001 });
    expect(w.started[0]?.transfers[0]).toEqual([posted.bytes]);
  });

  const prototypeNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();
  const withProtoHeaders = (): WorkbookFileLike[] => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ["__proto__", "constructor", "prototype"],
      ['{"polluted":1}', "x", "y"],
    ]);
    // Sheets named like prototype keys too (an object literal's `__proto__:` would not make a key).
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "__proto__");
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["__proto__"], [1]]), "constructor");
    const bytes = bytesOf(new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
    return [file("proto.csv", '__proto__,constructor,prototype\r\n{"polluted":1},x,y\r\n'), file("proto.xlsx", bytes)];
  };
  it.each(withProtoHeaders().map((f) => [f.name, f] as const))(
    "%s with __proto__ / constructor / prototype headers and sheet names: only texts in the matrix, refused as headers, Object.prototype clean",
    async (_name, source) => {
      const before = prototypeNames();
      const result = await run(readWorkbook(source, { createWorker: workers().createWorker }));
      if (Either.isLeft(result)) throw new Error(result.left.message);
      const first = result.right.sheets[0];
      expect(first?.rows.slice(0, 2)).toEqual([
        ["__proto__", "constructor", "prototype"],
        ['{"polluted":1}', "x", "y"],
      ]);
      for (const sheet of result.right.sheets) {
        expect(Object.getPrototypeOf(sheet)).toBe(Object.prototype);
        const rows = rowsFromSheet(sheet.rows, { headerRow: true, skip: 0 });
        expect(rows.ok === false && rows.problem).toMatchObject({ kind: "forbiddenHeader", header: "__proto__" });
      }
      if (source.name.endsWith(".xlsx")) expect(result.right.sheets.map((x) => x.name)).toEqual(["__proto__", "constructor"]);
      expect(prototypeNames()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype.toString.call({})).toBe("[object Object]");
    },
  );

  it("starts a fresh worker for every file", async () => {
    const w = workers();
    await run(readWorkbook(file("a.csv", "a"), { createWorker: w.createWorker }));
    await run(readWorkbook(file("b.xlsx", xlsxBytes({ S: XLSX.utils.aoa_to_sheet([["x"]]) })), { createWorker: w.createWorker }));
    expect(w.started).toHaveLength(2);
    expect(w.started.every((x) => x.terminated)).toBe(true);
  });

  it.each([["report.pdf"], ["report.xls"], ["noextension"]])("refuses %s as UnsupportedFile without starting a worker", async (name) => {
    const w = workers();
    const result = await run(readWorkbook(file(name, "a"), { createWorker: w.createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("UnsupportedFile");
    expect(Either.isLeft(result) && result.left.message).toBe("That file format isn't supported");
    expect(w.started).toHaveLength(0);
  });

  const pdf = bytesOf(new Uint8Array([...new TextEncoder().encode("%PDF-1.4\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a, ...new TextEncoder().encode("1 0 obj\n<< /Type /Catalog >>\nendobj\n")]));
  const binary = bytesOf(new Uint8Array([0x00, 0x01, 0x02, 0x61, 0x2c, 0x62, 0x0a]));
  it.each([
    ["a PDF renamed invoice.xlsx", "invoice.xlsx", pdf],
    ["a PDF renamed costs.csv", "costs.csv", pdf],
    ["a CSV renamed book.xlsx", "book.xlsx", text("taxonomy_1,cost\nTV,12\n")],
    ["an xlsx renamed costs.csv", "costs.csv", xlsxBytes({ S: XLSX.utils.aoa_to_sheet([["x"]]) })],
    ["binary bytes named .csv", "data.csv", binary],
    ["a CSV saved in an 8-bit encoding (not UTF-8)", "names.csv", bytesOf(new Uint8Array([...new TextEncoder().encode("name\nCaf"), 0xe9, 0x0d, 0x0a]))],
    ["a UTF-8 CSV with a NUL byte past its first 8 KiB", "long.csv", text(`name\n${"a,b\n".repeat(3000)}x\u0000y\n`)],
    ["a UTF-8 CSV with an invalid byte past its first 8 KiB", "late.csv", bytesOf(new Uint8Array([...new TextEncoder().encode(`name\n${"a,b\n".repeat(3000)}`), 0xff, 0x0a]))],
  ])("refuses %s by its bytes as UnsupportedFile without starting a worker", async (_what, name, bytes) => {
    const w = workers();
    const result = await run(readWorkbook(file(name, bytes), { createWorker: w.createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("UnsupportedFile");
    expect(Either.isLeft(result) && result.left.message).toBe("That file format isn't supported");
    expect(w.started).toHaveLength(0);
  });

  it("reads a UTF-8 CSV, with a byte-order mark or not", async () => {
    const w = workers();
    for (const bytes of [text("name\nCafé\n"), text("\uFEFFname\nCafé\n"), text(`name\n${"Köln,€\n".repeat(3000)}`)]) {
      const result = await run(readWorkbook(file("names.csv", bytes), { createWorker: w.createWorker }));
      expect(Either.isRight(result)).toBe(true);
    }
  });

  it("refuses a file over 5 MB as FileTooLarge without reading it", async () => {
    const w = workers();
    let read = false;
    const big: WorkbookFileLike = {
      name: "big.csv",
      size: 5 * 1024 * 1024 + 1,
      arrayBuffer: async () => {
        read = true;
        return new ArrayBuffer(0);
      },
    };
    const result = await run(readWorkbook(big, { createWorker: w.createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("FileTooLarge");
    expect(read).toBe(false);
    expect(w.started).toHaveLength(0);
  });

  it("refuses a file whose bytes exceed the cap even if its size said otherwise", async () => {
    const result = await run(readWorkbook(file("x.csv", "abcdef", 1), { limits: { maxBytes: 3 }, createWorker: workers().createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("FileTooLarge");
  });

  it("terminates a worker that does not answer within the timeout (WorkbookTimeout)", async () => {
    const w = workers("hang");
    const result = await run(readWorkbook(file("slow.xlsx", "PK\u0003\u0004 a zip that never finishes"), { limits: { timeoutMs: 30 }, createWorker: w.createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("WorkbookTimeout");
    expect(Either.isLeft(result) && result.left.message).toBe(workbookMessages.timeout);
    expect(w.started[0]?.terminated).toBe(true);
  });

  it("a crashed worker is UnreadableWorkbook, and terminated", async () => {
    const w = workers("crash");
    const result = await run(readWorkbook(file("bad.xlsx", "PK\u0003\u0004 a broken zip"), { createWorker: w.createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("UnreadableWorkbook");
    expect(w.started[0]?.terminated).toBe(true);
  });

  it("a file the parser cannot read is UnreadableWorkbook", async () => {
    const result = await run(readWorkbook(file("bad.xlsx", "PK\u0003\u0004 nope"), { createWorker: workers().createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("UnreadableWorkbook");
  });

  it("a sheet over the row cap is TooManyRows, naming the sheet", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [i]);
    const bytes = xlsxBytes({ Small: XLSX.utils.aoa_to_sheet([[1]]), Costs: XLSX.utils.aoa_to_sheet(rows) });
    const result = await run(readWorkbook(file("long.xlsx", bytes), { limits: { maxRows: 11 }, createWorker: workers().createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("TooManyRows");
    expect(Either.isLeft(result) && result.left.message).toContain('"Costs"');
  });

  it("interrupting the read terminates the worker", async () => {
    const w = workers("hang");
    const fiber = Effect.runFork(readWorkbook(file("a.csv", "a"), { createWorker: w.createWorker }));
    await new Promise((r) => setTimeout(r, 20));
    expect(w.started).toHaveLength(1);
    const exit = await Effect.runPromise(Fiber.interrupt(fiber));
    expect(Exit.isInterrupted(exit)).toBe(true);
    expect(w.started[0]?.terminated).toBe(true);
  });

  it.each<[string, unknown, boolean]>([
    ["a failure answer", { ok: false, message: "x" }, false],
    ["no sheets", { ok: true }, false],
    ["rows not lists", { ok: true, sheets: [{ name: "S", rows: [{ a: 1 }] }] }, false],
    ["a sheet without a name", { ok: true, sheets: [{ rows: [] }] }, false],
    ["nothing", null, false],
    ["no sheets at all", { ok: true, sheets: [] }, false],
  ])("checks the worker's answer: %s is refused", async (_name, answer) => {
    const result = await run(readWorkbook(file("a.csv", "a"), { createWorker: workers({ answer }).createWorker }));
    expect(Either.isLeft(result) && result.left._tag).toBe("UnreadableWorkbook");
  });

  it("cells that are not primitives become empty", () => {
    expect(checkedAnswer({ ok: true, sheets: [{ name: "S", rows: [[{ x: 1 }, [1], "a", 2, true, null, Number.NaN]] }] })).toEqual({
      ok: true,
      sheets: [{ name: "S", rows: [[null, null, "a", 2, true, null, null]], truncated: false }],
    });
  });
});
