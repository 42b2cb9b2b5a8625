import type { EventObject } from "xstate";

/** An event's data without its `type`: what the actions and guards of that event's transition take as params. */
export type EventData<E extends EventObject> = Omit<E, "type">;

/**
 * The params of a transition's action or guard: its event's data, read once where the
 * transition names the event (`{ type: "openRow", params: eventData }`), so the action
 * itself never checks which event it got.
 */
export const eventData = <E extends EventObject>({ event }: { readonly event: E }): EventData<E> => {
  const { type: _type, ...data } = event;
  return data;
};
