/// <reference lib="webworker" />
/**
 * The xlsx writer worker: builds the workbook of one export off the main thread and
 * answers a Blob. Started per export and terminated once it has answered.
 */
import { xlsxBlob } from "./xlsxFile";
import type { XlsxWriterAnswer, XlsxWriterRequest } from "./xlsxWriterProtocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<XlsxWriterRequest>) => {
  const { table, sheetName } = event.data;
  xlsxBlob(table, { sheetName }).then(
    (blob) => scope.postMessage({ ok: true, blob } satisfies XlsxWriterAnswer),
    (error: unknown) => scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies XlsxWriterAnswer),
  );
};
