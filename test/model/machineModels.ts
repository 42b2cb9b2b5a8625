/** Every machine model, by machine name: shared by the model tests and `npm run paths`. */
import type { MachineModel } from "./harness";
import { columnSetsModel } from "./performance/columnSets.model";
import { comparisonModel } from "./performance/comparison.model";
import { csvDownloadModel } from "./exports/csvDownload.model";
import { dateRangePickerModel } from "./shell/dateRangePicker.model";
import { errorDialogModel } from "./shell/errorDialog.model";
import { exportDialogModel } from "./exports/exportDialog.model";
import { fileDropModel } from "./exports/fileDrop.model";
import { messagesModel } from "./shell/messages.model";
import { peekComparisonModel } from "./performance/peekComparison.model";
import { peekTableModel } from "./performance/peekTable.model";
import { performanceTableModel } from "./performance/performanceTable.model";
import { performanceChartModel } from "./performance/performanceChart.model";
import { performanceReportModel } from "./performance/performanceReport.model";
import { campaignNotesModel } from "./performance/campaignNotes.model";
import { recoverPasswordModel } from "./access/recoverPassword.model";
import { resetPasswordModel } from "./access/resetPassword.model";
import { rowExpansionModel } from "./performance/rowExpansion.model";
import { searchResultsModel } from "./performance/searchResults.model";
import { sessionModel } from "./shell/session.model";
import { signInModel } from "./access/signIn.model";
import { spendBatchModel } from "./spend/spendBatch.model";
import { spendFormModel } from "./spend/spendForm.model";
import { fixedSpendListModel } from "./spend/fixedSpendList.model";
import { fixedSpendFormModel } from "./spend/fixedSpendForm.model";
import { variableSpendListModel } from "./spend/variableSpendList.model";
import { toastsModel } from "./shell/toasts.model";

export const machineModels: Readonly<Record<string, MachineModel>> = {
  session: sessionModel as unknown as MachineModel,
  signIn: signInModel as unknown as MachineModel,
  errorDialog: errorDialogModel as unknown as MachineModel,
  recoverPassword: recoverPasswordModel as unknown as MachineModel,
  resetPassword: resetPasswordModel as unknown as MachineModel,
  messages: messagesModel as unknown as MachineModel,
  toasts: toastsModel as unknown as MachineModel,
  dateRangePicker: dateRangePickerModel as unknown as MachineModel,
  exportDialog: exportDialogModel as unknown as MachineModel,
  fileDrop: fileDropModel as unknown as MachineModel,
  spendBatch: spendBatchModel as unknown as MachineModel,
  spendForm: spendFormModel as unknown as MachineModel,
  fixedSpendList: fixedSpendListModel as unknown as MachineModel,
  fixedSpendForm: fixedSpendFormModel as unknown as MachineModel,
  variableSpendList: variableSpendListModel as unknown as MachineModel,
  csvDownload: csvDownloadModel as unknown as MachineModel,
  searchResults: searchResultsModel as unknown as MachineModel,
  performanceChart: performanceChartModel as unknown as MachineModel,
  campaignNotes: campaignNotesModel as unknown as MachineModel,
  comparison: comparisonModel as unknown as MachineModel,
  columnSets: columnSetsModel as unknown as MachineModel,
  performanceTable: performanceTableModel as unknown as MachineModel,
  peekTable: peekTableModel as unknown as MachineModel,
  peekComparison: peekComparisonModel as unknown as MachineModel,
  rowExpansion: rowExpansionModel as unknown as MachineModel,
  performanceReport: performanceReportModel as unknown as MachineModel,
};
