import { modelSuite } from "../modelSuite";
import { appModel } from "./app.model";

modelSuite(appModel, {
  mustInclude: [
    "running → app.screenOpened [performance] → running",
    "running → app.screenOpened [drilled] → running",
    "running → app.screenClosed [performance] → running",
    "running → app.partOpened [menu] → running",
    "running → app.partClosed [menu] → running",
  ],
});
