import type { AnyActorRef } from "xstate";
import { analysisReportTexts } from "../../domain/report/analysisReportTexts";

/**
 * How an admin screen (traffic classification, affiliate performance) ends when the server
 * refuses it: a 403 means the person is no admin, so the app's toasts say 'You don't have
 * access to admin resources' and the person is sent to /.
 *
 * A machine registers `adminRefusalGuards` (`isForbidden`, given the failure as params),
 * a `notify` action that tells its toasts actor its params (`notifyToasts`), and a
 * `goHome` action its view provides (opening /); on a 403 it enters `adminRefusedState`.
 */

/** Whether a failed call is the server's 403. */
export const isForbiddenFailure = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === "Forbidden";

export const adminRefusalGuards = {
  isForbidden: (_: unknown, error: unknown) => isForbiddenFailure(error),
} as const;

/** A message for the app's toasts actor. */
export interface ToastNotice {
  readonly text: string;
  readonly kind: "info" | "error";
}

/** The `notify` action: its params to the app's toasts actor (`toast.shown`), when there is one. */
export const notifyToasts = ({ context }: { readonly context: { readonly toasts: AnyActorRef | null } }, notice: ToastNotice) => {
  context.toasts?.send({ type: "toast.shown", text: notice.text, kind: notice.kind });
};

/** The refusal's notice. */
export const adminRefusalNotice: ToastNotice = { text: analysisReportTexts.noAdminAccess, kind: "error" };

/** No access: to / with the text saying so. */
export const adminRefusedState = {
  type: "final",
  entry: [{ type: "notify", params: adminRefusalNotice }, "goHome"],
} as const;
