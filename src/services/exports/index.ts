/** Exports made on the device: xlsx (in a worker for large ones) and CSV, and saving them. */
export { csvBlob, csvMimeType, writeCsv } from "./csvFile";
export { downloadFile } from "./downloadFile";
export { mainThreadRowLimit, WorkbookWriteFailed, writeWorkbook, type WorkbookContent, type WriteWorkbookOptions } from "./writeWorkbook";
