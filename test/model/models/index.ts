/** Every machine model, by machine name: shared by the model tests and `npm run paths`. */
import type { MachineModel } from "../harness";
import { columnSetsModel } from "./columnSets.model";
import { comparisonModel } from "./comparison.model";
import { csvDownloadModel } from "./csvDownload.model";
import { dateRangePickerModel } from "./dateRangePicker.model";
import { errorDialogModel } from "./errorDialog.model";
import { exportDialogModel } from "./exportDialog.model";
import { fileDropModel } from "./fileDrop.model";
import { messagesModel } from "./messages.model";
import { peekTableModel } from "./peekTable.model";
import { performanceTableModel } from "./performanceTable.model";
import { performanceChartModel } from "./performanceChart.model";
import { campaignNotesModel } from "./campaignNotes.model";
import { recoverPasswordModel } from "./recoverPassword.model";
import { resetPasswordModel } from "./resetPassword.model";
import { rowExpansionModel } from "./rowExpansion.model";
import { searchResultsModel } from "./searchResults.model";
import { sessionModel } from "./session.model";
import { signInModel } from "./signIn.model";
import { spendBatchModel } from "./spendBatch.model";
import { spendFormModel } from "./spendForm.model";
import { toastsModel } from "./toasts.model";

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
  csvDownload: csvDownloadModel as unknown as MachineModel,
  searchResults: searchResultsModel as unknown as MachineModel,
  performanceChart: performanceChartModel as unknown as MachineModel,
  campaignNotes: campaignNotesModel as unknown as MachineModel,
  comparison: comparisonModel as unknown as MachineModel,
  columnSets: columnSetsModel as unknown as MachineModel,
  performanceTable: performanceTableModel as unknown as MachineModel,
  peekTable: peekTableModel as unknown as MachineModel,
  rowExpansion: rowExpansionModel as unknown as MachineModel,
};
