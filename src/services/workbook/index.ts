/** Reading dropped spreadsheets: checks, then a fresh worker per file. */
export { readWorkbook, type ReadWorkbook, type ReadWorkbookOptions, type WorkbookFileLike } from "./readWorkbook";
export * from "./workbookErrors";
