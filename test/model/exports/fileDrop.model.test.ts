import { modelSuite } from "../modelSuite";
import { fileDropModel } from "./fileDrop.model";

modelSuite(fileDropModel, {
  mustInclude: [
    "empty → file.dropped [pdf] → refused.unsupported",
    "reading → readWorkbook rejects [unsupported] → refused.unsupported",
    "reading → readWorkbook rejects [tooManyRows] → refused.unreadable",
    "reading → readWorkbook resolves [twoSheets] → loaded.severalSheets",
    "loaded.severalSheets → file.sheetChosen [second] → loaded.severalSheets",
    "loaded.oneSheet → file.removed → empty",
    "reading → file.dropped [xlsx] → reading",
  ],
});
