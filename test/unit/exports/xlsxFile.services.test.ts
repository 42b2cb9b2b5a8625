import { crc32 as zlibCrc32 } from "node:zlib";
import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { packedCell, packTable, packTableInSlices, transferablesOf } from "../../../src/services/exports/packedTable";
import { crc32, xlsxBlob, xlsxMimeType, xmlText } from "../../../src/services/exports/xlsxFile";

const readBack = async (blob: Blob) => {
  const wb = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: "array", cellStyles: true });
  const name = wb.SheetNames[0] ?? "";
  const sheet = wb.Sheets[name] as XLSX.WorkSheet;
  return { wb, name, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true }) };
};

describe("packTable", () => {
  it("packs number-only columns as Float64Array (NaN = empty) and the rest as cells, through toCell", () => {
    const table = packTable(["name", "cost", "=x"], [
      ["=SUM(A1)", 1.5, null],
      ["b", null, Number.NaN],
      ["c", -0, 3],
    ]);
    expect(table.header).toEqual(["name", "cost", "'=x"]);
    expect(table.rowCount).toBe(3);
    expect(table.columns.map((c) => c.kind)).toEqual(["cells", "numbers", "numbers"]);
    const [name, cost, third] = table.columns;
    expect([0, 1, 2].map((r) => packedCell(name!, r))).toEqual(["'=SUM(A1)", "b", "c"]);
    expect([0, 1, 2].map((r) => packedCell(cost!, r))).toEqual([1.5, null, 0]);
    expect([0, 1, 2].map((r) => packedCell(third!, r))).toEqual([null, null, 3]);
    expect(transferablesOf(table)).toHaveLength(2);
  });

  it("a mixed column keeps numbers as numbers", () => {
    const table = packTable(["x"], [[1], ["a"], [true], [undefined], [{}]]);
    expect(table.columns[0]?.kind).toBe("cells");
    expect([0, 1, 2, 3, 4].map((r) => packedCell(table.columns[0]!, r))).toEqual([1, "a", "true", null, null]);
  });

  it("is as wide as the widest row", () => {
    expect(packTable(["a"], [[1, 2, 3]]).columns).toHaveLength(3);
  });
});

describe("crc32", () => {
  it.each([[""], ["a"], ["hello world"], ["x".repeat(1001)], ["£€ accents é"]])("matches zlib for %j", (text) => {
    const bytes = new TextEncoder().encode(text);
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
  });

  it("continues across chunks", () => {
    const a = new TextEncoder().encode("hello ");
    const b = new TextEncoder().encode("world");
    expect(crc32(b, crc32(a))).toBe(zlibCrc32(new TextEncoder().encode("hello world")));
  });
});

describe("xmlText", () => {
  it.each([
    ["plain", "plain"],
    ["a & b < c > d \"e\"", "a &amp; b &lt; c &gt; d &quot;e&quot;"],
    ["bell\u0007", "bell_x0007_"],
    ["_x0041_", "_x005F_x0041_"],
    ["tab\tnewline\n", "tab\tnewline\n"],
  ])("%j -> %j", (text, xml) => {
    expect(xmlText(text)).toBe(xml);
  });
});

describe("xlsxBlob (read back with SheetJS)", () => {
  it.each(["auto", "always", "never"] as const)("writes numbers as numbers and texts formula-safe (compression %s)", async (compression) => {
    const table = packTable(
      ["Taxonomy 1", "Page Lands", "Conversion Rate"],
      [
        ["Paid Search", 120, 0.025],
        ["=HYPERLINK(\"http://evil\")", 3, null],
        ["@SUM(1)", null, 1.5],
        ["Café £ <b>&</b>", -7.25, 0],
      ],
    );
    const blob = await xlsxBlob(table, { sheetName: "Performance Report", compression });
    expect(blob.type).toBe(xlsxMimeType);
    const { name, rows, sheet } = await readBack(blob);
    expect(name).toBe("Performance Report");
    expect(rows).toEqual([
      ["Taxonomy 1", "Page Lands", "Conversion Rate"],
      ["Paid Search", 120, 0.025],
      ["'=HYPERLINK(\"http://evil\")", 3, null],
      ["'@SUM(1)", null, 1.5],
      ["Café £ <b>&</b>", -7.25, 0],
    ]);
    expect(sheet.B2?.t).toBe("n");
    expect(sheet.A3?.t).toBe("s");
    expect(sheet.A3?.f).toBeUndefined();
    expect(sheet["!ref"]).toBe("A1:C5");
  });

  it.each(["all", "gaps"] as const)("keeps cells in place after gaps (empty cells are left out; references %s)", async (references) => {
    const table = packTable(["a", "b", "c", "d"], [
      [null, 1, null, 2],
      ["x", null, null, null],
      [null, null, null, "z"],
      [null, null, null, null],
      [1, 2, 3, 4],
    ]);
    const blob = await xlsxBlob(table, { references, compression: "never" });
    const xml = new TextDecoder().decode(await blob.arrayBuffer());
    expect(xml.includes('<c><v>1</v></c>')).toBe(references === "gaps");
    expect(xml.includes('<c r="A6"><v>1</v></c>')).toBe(references === "all");
    const { rows } = await readBack(blob);
    expect(rows).toEqual([
      ["a", "b", "c", "d"],
      [null, 1, null, 2],
      ["x", null, null, null],
      [null, null, null, "z"],
      [null, null, null, null],
      [1, 2, 3, 4],
    ]);
  });

  it("sanitises the sheet name and escapes what XML cannot hold", async () => {
    const table = packTable(["t"], [["a\u0001b"], ["_x0041_"], ["  spaced  "]]);
    const { name, rows } = await readBack(await xlsxBlob(table, { sheetName: "a/b:c*d?[e]\\f" + "x".repeat(40) }));
    expect(name).toBe(`abcdef${"x".repeat(25)}`);
    expect(rows.slice(1)).toEqual([["a\u0001b"], ["_x0041_"], ["  spaced  "]]);
  });

  it("writes an empty table", async () => {
    const { rows, name } = await readBack(await xlsxBlob(packTable([], [])));
    expect(name).toBe("Sheet1");
    expect(rows).toEqual([]);
  });

  it("writes a header-only table and a wide one (columns past Z)", async () => {
    const header = Array.from({ length: 30 }, (_, i) => `c${i}`);
    const { rows } = await readBack(await xlsxBlob(packTable(header, [header.map((_, i) => i)])));
    expect(rows[0]).toEqual(header);
    expect(rows[1]).toEqual(header.map((_, i) => i));
  });

  it("shares repeated texts", async () => {
    const table = packTable(["t"], Array.from({ length: 500 }, (_, i) => [`name ${i % 3}`]));
    const { wb, rows } = await readBack(await xlsxBlob(table));
    expect(rows).toHaveLength(501);
    const strings = (wb as unknown as { Strings: { Count: string; Unique: string } }).Strings;
    expect([strings.Count, strings.Unique]).toEqual(["501", "4"]);
  });

  it("a stored (uncompressed) sheet is larger than a deflated one but reads the same", async () => {
    const table = packTable(["n"], Array.from({ length: 2000 }, (_, i) => [i * 1.5]));
    const stored = await xlsxBlob(table, { compression: "never" });
    const deflated = await xlsxBlob(table, { compression: "always" });
    expect(stored.size).toBeGreaterThan(deflated.size);
    expect((await readBack(stored)).rows).toEqual((await readBack(deflated)).rows);
  });
});

describe("packTableInSlices", () => {
  const rows = Array.from({ length: 25 }, (_, i) => [i % 7 === 3 ? `t${i}` : i, i * 0.5, i === 24 ? "=last" : null]);

  it("packs exactly as packTable does, slice by slice", async () => {
    const sliced = await packTableInSlices(["a", "b", "c"], rows, undefined, 4);
    const whole = packTable(["a", "b", "c"], rows);
    expect(sliced.columns.map((c) => c.kind)).toEqual(["cells", "numbers", "cells"]);
    expect(sliced.columns.map((c) => rows.map((_, r) => packedCell(c, r)))).toEqual(whole.columns.map((c) => rows.map((_, r) => packedCell(c, r))));
    expect(packedCell(sliced.columns[2]!, 24)).toBe("'=last");
  });

  it("stops once aborted", async () => {
    const controller = new AbortController();
    const packing = packTableInSlices(["a"], rows, controller.signal, 2);
    controller.abort();
    await expect(packing).rejects.toThrow("stopped");
  });
});
