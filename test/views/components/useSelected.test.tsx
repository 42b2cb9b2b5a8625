// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { assign, createActor, setup, type SnapshotFrom } from "xstate";
import { useSelected } from "../../../src/views/components/useSelected";

const counter = setup({
  types: { context: {} as { count: number; note: string; other: number }, events: {} as { type: "count.added" } | { type: "note.changed"; note: string } | { type: "other.added" } },
  actions: {
    add: assign(({ context }) => ({ count: context.count + 1 })),
    changeNote: assign((_, note: string) => ({ note })),
    addOther: assign(({ context }) => ({ other: context.other + 1 })),
  },
}).createMachine({
  id: "counter",
  context: { count: 0, note: "first", other: 0 },
  on: {
    "count.added": { actions: "add" },
    "note.changed": { actions: { type: "changeNote", params: ({ event }) => event.note } },
    "other.added": { actions: "addOther" },
  },
});

type Snap = SnapshotFrom<typeof counter>;

const sel = {
  count: (s: Snap) => s.context.count,
  note: (s: Snap) => s.context.note,
  other: (s: Snap) => s.context.other,
} satisfies Record<string, (s: Snap) => unknown>;

afterEach(() => {
  cleanup();
});

describe("useSelected", () => {
  it("reads the named selectors under their names and draws again only when one of them changes", () => {
    const actor = createActor(counter).start();
    let draws = 0;
    const Shown = () => {
      draws += 1;
      const { count, note: text } = useSelected(actor, sel, ["count", "note"]);
      return <p>{`${text} ${count}`}</p>;
    };
    render(<Shown />);
    expect(screen.getByText("first 0")).toBeTruthy();
    const first = draws;

    act(() => actor.send({ type: "count.added" }));
    expect(screen.getByText("first 1")).toBeTruthy();
    act(() => actor.send({ type: "note.changed", note: "second" }));
    expect(screen.getByText("second 1")).toBeTruthy();
    expect(draws).toBe(first + 2);

    // A change none of the named selectors reads, and a value set to what it was: no new draw.
    act(() => actor.send({ type: "other.added" }));
    act(() => actor.send({ type: "note.changed", note: "second" }));
    expect(draws).toBe(first + 2);
    actor.stop();
  });
});
