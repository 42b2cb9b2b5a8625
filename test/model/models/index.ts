/** Every machine model, by machine name: shared by the model tests and `npm run paths`. */
import type { MachineModel } from "../harness";
import { dateRangePickerModel } from "./dateRangePicker.model";
import { errorDialogModel } from "./errorDialog.model";
import { exportDialogModel } from "./exportDialog.model";
import { fileDropModel } from "./fileDrop.model";
import { messagesModel } from "./messages.model";
import { recoverPasswordModel } from "./recoverPassword.model";
import { resetPasswordModel } from "./resetPassword.model";
import { sessionModel } from "./session.model";
import { signInModel } from "./signIn.model";
import { spendBatchModel } from "./spendBatch.model";
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
};
