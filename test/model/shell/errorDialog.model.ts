import { errorDialogMachine } from "../../../src/machines/shell/errorDialog.machine";
import { texts } from "../../../src/domain/shell/texts";
import { publishHttpFailure } from "../../../src/machines/shell/httpFailureListener";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors } from "../fixtures";

const adminOverride = { text: "You don't have access to admin resources", redirectTo: "/" };

/** The one global error dialog: 'Forbidden' then a redirect, 'Whoops' and 'Oh no' reload; one at a time, no time-out. */
export const errorDialogModel = defineMachineModel({
  name: "errorDialog",
  machine: errorDialogMachine,
  events: {
    "http.failed": {
      forbidden: { error: httpErrors.forbidden },
      badRequest: { error: httpErrors.badRequest },
      notFound: { error: httpErrors.notFound },
      server: { error: httpErrors.unavailable },
      unauthorized: { error: httpErrors.unauthorized },
      network: { error: httpErrors.network },
    },
    "dialog.forbidden": [{}],
    "dialog.clientError": [{}],
    "dialog.serverError": [{}],
    "dialog.confirmed": [{}],
    "dialog.retried": [{}],
    "dialog.overrideSet": { admin: { override: adminOverride }, cleared: { override: null } },
  },
  // Failures arrive through the app-wide channel, as in the app.
  deliver: { "http.failed": (event) => publishHttpFailure(event.error) },
  realActors: ["httpFailureListener"],
  appActions: ["redirect", "reloadPage"],
  observe: (c) => c,
  strategies: { simple: { observe: (c) => c.override?.redirectTo ?? null } },
  check: ({ action, before, after, newCalls }) => {
    const redirects = newCalls.filter((c) => c.name === "redirect");
    const reloads = newCalls.filter((c) => c.name === "reloadPage");
    const confirmedForbidden = action.kind === "event" && action.event.type === "dialog.confirmed" && before?.matches("forbidden") === true;
    invariant(redirects.length === (confirmedForbidden ? 1 : 0), "redirect only when the Forbidden dialog is confirmed");
    if (confirmedForbidden && before) {
      invariant(JSON.stringify(redirects[0]?.payload) === JSON.stringify({ to: before.context.forbiddenRedirect }), "redirects to the remembered path");
    }
    const retried =
      action.kind === "event" && action.event.type === "dialog.retried" && (before?.matches("clientError") === true || before?.matches("serverError") === true);
    invariant(reloads.length === (retried ? 1 : 0), "reload only on Try again");
    if (after.matches("forbidden") && before?.matches("closed")) {
      const o = after.context.override;
      invariant(after.context.forbiddenText === (o?.text ?? texts.dialogs.forbidden.text), "Forbidden text follows the override");
      invariant(after.context.forbiddenRedirect === (o?.redirectTo ?? "/logout"), "Forbidden path follows the override");
    }
    // One dialog at a time: an open dialog never changes kind.
    if (before && !before.matches("closed") && !after.matches("closed")) {
      invariant(JSON.stringify(before.value) === JSON.stringify(after.value), "a second failure must not replace the open dialog");
    }
  },
});
