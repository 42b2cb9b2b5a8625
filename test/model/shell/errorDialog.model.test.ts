import { modelSuite } from "../modelSuite";
import { errorDialogModel } from "./errorDialog.model";

modelSuite(errorDialogModel, {
  mustInclude: [
    "closed → http.failed [forbidden] → forbidden",
    "closed → http.failed [badRequest] → clientError",
    "closed → http.failed [notFound] → clientError",
    "closed → http.failed [server] → serverError",
    "forbidden → dialog.confirmed → closed",
    "clientError → dialog.retried → closed",
    "serverError → dialog.retried → closed",
  ],
});
