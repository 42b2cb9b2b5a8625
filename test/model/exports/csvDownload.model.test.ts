import { modelSuite } from "../modelSuite";
import { csvDownloadModel } from "./csvDownload.model";

modelSuite(csvDownloadModel, {
  mustInclude: [
    "idle → csv.requested [overview] → downloading",
    "downloading → downloadCsv resolves [saved] → idle",
    // A failed CSV download stops the loading, with no message.
    "downloading → downloadCsv rejects [server] → idle",
  ],
});
