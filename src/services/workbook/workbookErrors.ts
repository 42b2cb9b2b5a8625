import { Data } from "effect";

/** Why a dropped file cannot be used; each carries the message the person is shown. */
export class UnsupportedFile extends Data.TaggedError("UnsupportedFile")<{ readonly fileName: string; readonly message: string }> {}
export class FileTooLarge extends Data.TaggedError("FileTooLarge")<{
  readonly fileName: string;
  readonly size: number;
  readonly limit: number;
  readonly message: string;
}> {}
export class TooManyRows extends Data.TaggedError("TooManyRows")<{
  readonly fileName: string;
  readonly sheet: string;
  readonly limit: number;
  readonly message: string;
}> {}
export class WorkbookTimeout extends Data.TaggedError("WorkbookTimeout")<{ readonly fileName: string; readonly ms: number; readonly message: string }> {}
export class UnreadableWorkbook extends Data.TaggedError("UnreadableWorkbook")<{ readonly fileName: string; readonly message: string }> {}

export type WorkbookReadError = UnsupportedFile | FileTooLarge | TooManyRows | WorkbookTimeout | UnreadableWorkbook;
export type WorkbookReadErrorTag = WorkbookReadError["_tag"];

const tags: ReadonlySet<string> = new Set<WorkbookReadErrorTag>(["UnsupportedFile", "FileTooLarge", "TooManyRows", "WorkbookTimeout", "UnreadableWorkbook"]);

export const isWorkbookReadError = (u: unknown): u is WorkbookReadError =>
  typeof u === "object" && u !== null && "_tag" in u && tags.has(String((u as { _tag: unknown })._tag));
