import { shallowEqual, useSelector } from "@xstate/react";
import type { AnyActorRef } from "xstate";

/** An actor as a view reads it: its snapshot and changes to it. */
interface SnapshotSource<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe: AnyActorRef["subscribe"];
}

/**
 * Several of an actor's named selectors read at once, as a record under the selectors'
 * names: `const { canUndo, isSaving } = useSelected(editor, sel, ["canUndo", "isSaving"])`.
 * One subscription; the component draws again only when one of the values changes (each
 * compared with `Object.is`, as `useSelector` compares one).
 */
export const useSelected = <TSnapshot, const TName extends string, TSelectors extends { readonly [K in TName]: (snapshot: TSnapshot) => unknown }>(
  actor: SnapshotSource<TSnapshot>,
  selectors: TSelectors,
  names: ReadonlyArray<TName>,
): { readonly [K in TName]: ReturnType<TSelectors[K]> } =>
  useSelector(
    actor,
    (snapshot) => Object.fromEntries(names.map((name) => [name, selectors[name](snapshot)])) as { readonly [K in TName]: ReturnType<TSelectors[K]> },
    shallowEqual,
  );
