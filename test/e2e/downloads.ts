/** Downloads read back, for the browser tests that compare exported files with the screen. */
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";

/** Clicks and waits for the download it starts. */
export const downloadBy = async (page: Page, click: () => Promise<void>): Promise<Download> => {
  const download = page.waitForEvent("download");
  await click();
  return download;
};

/** The downloaded file's bytes. */
export const contents = async (download: Download): Promise<Buffer> => readFile(await download.path());

/** The records of a downloaded CSV, its BOM dropped. */
export const csvRecords = async (download: Download): Promise<string[][]> => parseCsv((await contents(download)).toString("utf8").replace(/^\uFEFF/, ""));

/** RFC 4180 records: quoted fields may hold commas, quotes and line breaks. */
export const parseCsv = (text: string): string[][] => {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
};
