import { modelSuite } from "../modelSuite";
import { toastsModel } from "./toasts.model";

modelSuite(toastsModel, {
  mustInclude: [
    "hidden → toast.shown [invalid] → showing",
    "showing → after toastDuration (3000 ms) → hidden",
    "showing → toast.closed → hidden",
    "showing → after toastDuration (3000 ms) → showing",
  ],
});
