/// <reference lib="webworker" />
/**
 * The workbook reader worker: parses ONE untrusted spreadsheet and answers plain
 * matrices. A fresh worker is started per file and terminated after it answers, or
 * after the timeout (docs/architecture.md, "Safety").
 */
import { parseWorkbook } from "./parseWorkbook";
import type { WorkbookReaderRequest } from "./readerProtocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<WorkbookReaderRequest>) => {
  scope.postMessage(parseWorkbook(event.data));
};
