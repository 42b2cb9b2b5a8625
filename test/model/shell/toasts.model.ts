import { reportTexts } from "../../../src/domain/report/reportTexts";
import { toastsMachine } from "../../../src/machines/shell/toasts.machine";
import { defineMachineModel, invariant } from "../harness";

/** Toasts: one at a time, 3 seconds each, in order. */
export const toastsModel = defineMachineModel({
  name: "toasts",
  machine: toastsMachine,
  events: {
    "toast.shown": { invalid: { text: reportTexts.toasts.spendInvalid, kind: "error" }, format: { text: reportTexts.toasts.unsupportedFile } },
    "toast.closed": [{}],
  },
  delays: { toastDuration: 3000 },
  // The queue is part of the state, capped at 3 so the graph stays finite.
  observe: (c) => ({ queue: c.queue.slice(0, 3).map((t) => t.text), more: c.queue.length > 3 }),
  strategies: { simple: { observe: (c) => Math.min(c.queue.length, 2) } },
  check: ({ after, before, action }) => {
    const ids = after.context.queue.map((t) => t.id);
    invariant(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0)), "the queue keeps the order toasts were shown in");
    invariant(after.matches("showing") === after.context.queue.length > 0, "a toast shows exactly when one is queued");
    if (before && (action.kind === "timer" || (action.kind === "event" && action.event.type === "toast.closed"))) {
      invariant(after.context.queue[0]?.id === before.context.queue[1]?.id, "closing or timing out moves on to the next toast");
    }
  },
});
