/** Replaying a saved recording (`eventLog.ts`) into a fresh actor system. */
import type { AnyActorLogic, AnyActorRef } from "xstate";
import type { Recording } from "../../../src/machines/shell/eventLog";
import { flush } from "../support";

/** The actor at a place in the tree (`root/performance/table`), or undefined when the system has none there. */
export const actorAt = (root: AnyActorRef, path: string): AnyActorRef | undefined => {
  const [first, ...rest] = path.split("/");
  if (first !== root.id) return undefined;
  let at: AnyActorRef | undefined = root;
  for (const id of rest) {
    const children: Record<string, AnyActorRef | undefined> | undefined = (at?.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children;
    at = children?.[id];
  }
  return at;
};

/**
 * Sends a recording's external events (what people did, through the views) to the same
 * places of a fresh system, in order, letting the fake services answer after each, as
 * the recording's run did; everything else the recording holds follows from them. A
 * screen's or part's logic, saved by its id, comes from `logic`.
 */
export const replayRecording = async (
  recording: Recording,
  root: AnyActorRef,
  logic: Readonly<Record<string, AnyActorLogic>>,
  settle: () => Promise<void> = flush,
): Promise<void> => {
  for (const entry of recording.entries.filter((e) => e.external)) {
    const target = actorAt(root, entry.actor);
    if (!target) throw new Error(`the replay's system has no actor at ${entry.actor} for ${entry.event.type}`);
    const saved = entry.event.logic as { logic?: string } | undefined;
    let event: Record<string, unknown> = entry.event;
    if (saved?.logic !== undefined) {
      const found = logic[saved.logic];
      if (!found) throw new Error(`the replay has no logic named ${saved.logic}`);
      event = { ...entry.event, logic: found };
    }
    target.send(event as never);
    await settle();
  }
};
