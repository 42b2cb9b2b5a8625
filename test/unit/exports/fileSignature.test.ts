import { describe, expect, it } from "vitest";
import { matchesSignature, signatureBytes, type SignedFormat } from "../../../src/domain/exports/fileSignature";

/** A file is what its bytes say: the signature check, by format, on a file's head or on all of it. */

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const joined = (...parts: ReadonlyArray<Uint8Array | ReadonlyArray<number>>): Uint8Array => new Uint8Array(parts.flatMap((p) => [...p]));
/** A UTF-8 text whose head (the first `signatureBytes`) ends in the middle of "€" (3 bytes). */
const cutEuro = joined(utf8("a".repeat(signatureBytes - 1)), utf8("€\n"));
const pdf = joined(utf8("%PDF-1.4\n%"), [0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);
const zip = joined([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);

describe("matchesSignature", () => {
  it.each<readonly [string, SignedFormat, Uint8Array, boolean, boolean]>([
    // what, format, bytes, complete (all of the file), matches
    ["a zip as .xlsx", "xlsx", zip, true, true],
    ["a PDF renamed .xlsx", "xlsx", pdf, true, false],
    ["text renamed .xlsx", "xlsx", utf8("taxonomy_1,cost\n"), true, false],
    ["Parquet's PAR1", "parquet", joined(utf8("PAR1"), [0x15, 0x04]), false, true],
    ["a CSV as .parquet", "parquet", utf8("a,b\n"), false, false],
    ["a UTF-8 CSV", "csv", utf8("name,city\nCafé,Köln\n"), true, true],
    ["a UTF-8 CSV with a byte-order mark", "csv", utf8("\uFEFFname\n€\n"), true, true],
    ["a Windows-1252 CSV (0xE9 for é)", "csv", joined(utf8("name\nCaf"), [0xe9, 0x0a]), true, false],
    ["a Windows-1252 CSV's head", "csv", joined(utf8("name\nCaf"), [0xe9, 0x0a]), false, false],
    ["a CSV holding a NUL byte", "csv", utf8("a,b\n1,\u0000\n"), true, false],
    ["a NUL byte past the head of a whole file", "csv", joined(utf8("a".repeat(signatureBytes + 10)), [0x00]), true, false],
    ["a PDF renamed .csv", "csv", pdf, true, false],
    ["a zip renamed .csv", "csv", zip, true, false],
    ["a surrogate encoded in UTF-8 (CESU)", "ndjson", joined(utf8('{"a":"'), [0xed, 0xa0, 0x80], utf8('"}\n')), true, false],
    ["a head cut in the middle of a character", "csv", cutEuro.subarray(0, signatureBytes), false, true],
    ["a whole file ending in the middle of a character", "csv", cutEuro.subarray(0, signatureBytes), true, false],
    ["the whole file whose head was cut in a character", "csv", cutEuro, true, true],
  ])("%s", (_what, format, bytes, complete, matches) => {
    expect(matchesSignature(format, bytes, complete)).toBe(matches);
  });
});
