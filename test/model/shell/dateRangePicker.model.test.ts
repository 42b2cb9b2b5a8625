import { modelSuite } from "../modelSuite";
import { dateRangePickerModel } from "./dateRangePicker.model";

modelSuite(dateRangePickerModel, {
  mustInclude: ['open → picker.presetChosen [last7] → closed', 'open → picker.cancelled → closed'],
});
