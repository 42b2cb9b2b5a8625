import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";

export interface Toast {
  readonly id: number;
  readonly text: string;
  readonly kind: "info" | "error";
}

interface ToastsContext {
  readonly queue: ReadonlyArray<Toast>;
  readonly nextId: number;
}

export type ToastsEvent = { type: "toast.shown"; text: string; kind?: Toast["kind"] } | { type: "toast.closed" };

/** Toasts, one at a time, each shown for 3 seconds or until closed. */
export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
  actions: {
    enqueue: assign(({ context }, params: { text: string; kind?: Toast["kind"] }) => ({
      queue: [...context.queue, { id: context.nextId, text: params.text, kind: params.kind ?? "info" }],
      nextId: context.nextId + 1,
    })),
    dequeue: assign(({ context }) => ({ queue: context.queue.slice(1) })),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  delays: { toastDuration: 3000 },
}).createMachine({
  id: "toasts",
  context: { queue: [], nextId: 1 },
  initial: "hidden",
  on: { "toast.shown": { actions: { type: "enqueue", params: ({ event }) => ({ text: event.text, kind: event.kind }) } } },
  states: {
    hidden: { always: { guard: "hasQueued", target: "showing" } },
    showing: {
      after: { toastDuration: { target: "hidden", actions: "dequeue", reenter: true } },
      on: { "toast.closed": { target: "hidden", actions: "dequeue" } },
    },
  },
});

type Snap = SnapshotFrom<typeof toastsMachine>;
export const toastsSelectors = {
  current: (s: Snap): Toast | null => (s.matches("showing") ? (s.context.queue[0] ?? null) : null),
};
export type ToastsActorRef = ActorRefFrom<typeof toastsMachine>;
