import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { reportTexts } from "../../../src/domain/report/reportTexts";
import { toastsMachine, toastsSelectors as sel } from "../../../src/machines/shell/toasts.machine";

const setup = () => {
  const clock = new SimulatedClock();
  const actor = createActor(toastsMachine, { clock }).start();
  const current = () => sel.current(actor.getSnapshot())?.text ?? null;
  return { actor, clock, current };
};

describe("toasts machine", () => {
  it("shows a toast for exactly 3000 ms", () => {
    const { actor, clock, current } = setup();
    expect(current()).toBeNull();
    actor.send({ type: "toast.shown", text: reportTexts.toasts.spendInvalid, kind: "error" });
    expect(sel.current(actor.getSnapshot())).toEqual({ id: 1, text: reportTexts.toasts.spendInvalid, kind: "error" });
    clock.increment(2999);
    expect(current()).toBe(reportTexts.toasts.spendInvalid);
    clock.increment(1);
    expect(current()).toBeNull();
    expect(actor.getSnapshot().value).toBe("hidden");
  });

  it("queues toasts in order, each for its own 3000 ms", () => {
    const { actor, clock, current } = setup();
    actor.send({ type: "toast.shown", text: "A" });
    clock.increment(1000);
    actor.send({ type: "toast.shown", text: "B" });
    actor.send({ type: "toast.shown", text: "C" });
    expect(current()).toBe("A");
    clock.increment(1999);
    expect(current()).toBe("A");
    clock.increment(1); // t = 3000
    expect(current()).toBe("B");
    clock.increment(2999);
    expect(current()).toBe("B");
    clock.increment(1); // t = 6000
    expect(current()).toBe("C");
    clock.increment(3000);
    expect(current()).toBeNull();
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it("closing shows the next toast at once, with a fresh 3000 ms", () => {
    const { actor, clock, current } = setup();
    actor.send({ type: "toast.shown", text: "A" });
    actor.send({ type: "toast.shown", text: "B" });
    clock.increment(2000);
    actor.send({ type: "toast.closed" });
    expect(current()).toBe("B");
    clock.increment(2999);
    expect(current()).toBe("B");
    clock.increment(1);
    expect(current()).toBeNull();
  });

  it("defaults to kind info and numbers toasts", () => {
    const { actor } = setup();
    actor.send({ type: "toast.shown", text: reportTexts.toasts.unsupportedFile });
    actor.send({ type: "toast.shown", text: "second", kind: "error" });
    expect(actor.getSnapshot().context.queue).toEqual([
      { id: 1, text: reportTexts.toasts.unsupportedFile, kind: "info" },
      { id: 2, text: "second", kind: "error" },
    ]);
  });

  it("a close with nothing shown changes nothing", () => {
    const { actor } = setup();
    actor.send({ type: "toast.closed" });
    expect(actor.getSnapshot().value).toBe("hidden");
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });
});
