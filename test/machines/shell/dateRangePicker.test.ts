import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { invalidRangeMessage } from "../../../src/domain/report/dateRangeRule";
import { dateRangePickerMachine, dateRangePickerSelectors as sel } from "../../../src/machines/shell/dateRangePicker.machine";
import { sessionMachine } from "../../../src/machines/shell/session.machine";

const recordingSession = () => {
  const received: EventObject[] = [];
  const ref = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => received.push(e)))).start();
  return { ref: ref as AnyActorRef, received };
};

const start = () => {
  const session = recordingSession();
  const actor = createActor(dateRangePickerMachine, { input: { session: session.ref } }).start();
  return { actor, session };
};

describe("dateRangePicker machine", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // 2026-11-22 at 23:30 UTC: already the 23rd in Tokyo.
    vi.setSystemTime(new Date("2026-11-22T23:30:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("tells a screen with days of its own the range applied as its event (appliedAs)", () => {
    const screen = recordingSession();
    const actor = createActor(dateRangePickerMachine, { input: { session: screen.ref, appliedAs: "audit.daysChosen" } }).start();
    actor.send({ type: "picker.opened", range: null, timeZone: "UTC" });
    actor.send({ type: "picker.presetChosen", preset: "yesterday" });
    expect(screen.received).toEqual([{ type: "audit.daysChosen", from: "2026-11-21", to: "2026-11-21" }]);
  });

  it("opens with the session's range as the draft", () => {
    const { actor } = start();
    actor.send({ type: "picker.opened", range: { from: "2026-03-01", to: "2026-03-31" }, timeZone: "+00:00" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(true);
    expect([sel.draftFrom(actor.getSnapshot()), sel.draftTo(actor.getSnapshot())]).toEqual(["2026-03-01", "2026-03-31"]);
  });

  it.each([
    ["+00:00", "last7", "2026-11-15", "2026-11-21"],
    ["+09:00", "last7", "2026-11-16", "2026-11-22"],
    ["+00:00", "today", "2026-11-22", "2026-11-22"],
    ["+09:00", "today", "2026-11-23", "2026-11-23"],
    ["-05:00", "thisMonth", "2026-11-01", "2026-11-22"],
    ["+00:00", "lastMonth", "2026-10-01", "2026-10-31"],
    ["Europe/Berlin", "today", "2026-11-23", "2026-11-23"],
    ["Asia/Kolkata", "yesterday", "2026-11-22", "2026-11-22"],
    ["America/New_York", "today", "2026-11-22", "2026-11-22"],
  ] as const)("in %s the preset %s applies %s .. %s at once", (timeZone, preset, from, to) => {
    const { actor, session } = start();
    actor.send({ type: "picker.opened", range: null, timeZone });
    actor.send({ type: "picker.presetChosen", preset });
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
    expect(session.received).toEqual([{ type: "session.datesChanged", from, to }]);
  });

  it("typed dates apply only as a valid, ordered range; otherwise the message of both date pickers", () => {
    const { actor, session } = start();
    actor.send({ type: "picker.opened", range: { from: "2026-03-01", to: "2026-03-31" }, timeZone: "+00:00" });
    expect(sel.draftProblem(actor.getSnapshot())).toBeNull();
    actor.send({ type: "picker.fromChanged", value: "2026-04-15" });
    expect(sel.isDraftValid(actor.getSnapshot())).toBe(false);
    expect(sel.draftProblem(actor.getSnapshot())).toBe(invalidRangeMessage);
    actor.send({ type: "picker.applied" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: "picker.fromChanged", value: "2026-02-30" });
    actor.send({ type: "picker.applied" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(true);
    expect(session.received).toEqual([]);

    actor.send({ type: "picker.fromChanged", value: "2026-03-05" });
    expect(sel.draftProblem(actor.getSnapshot())).toBeNull();
    actor.send({ type: "picker.applied" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
    expect(session.received).toEqual([{ type: "session.datesChanged", from: "2026-03-05", to: "2026-03-31" }]);
  });

  it("cancel keeps the session's range", () => {
    const { actor, session } = start();
    actor.send({ type: "picker.opened", range: { from: "2026-03-01", to: "2026-03-31" }, timeZone: "+00:00" });
    actor.send({ type: "picker.fromChanged", value: "2026-03-05" });
    actor.send({ type: "picker.cancelled" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
    expect(session.received).toEqual([]);
  });

  it("marks the preset that matches the draft", () => {
    const { actor } = start();
    actor.send({ type: "picker.opened", range: { from: "2026-11-15", to: "2026-11-21" }, timeZone: "+00:00" });
    expect(sel.activePreset(actor.getSnapshot())).toBe("last7");
    actor.send({ type: "picker.fromChanged", value: "2026-11-14" });
    expect(sel.activePreset(actor.getSnapshot())).toBeNull();
  });

  it("changes the real session's dates", () => {
    const session = createActor(sessionMachine, { input: {} }).start();
    // A session that is not signed in ignores dates: the picker only sends, the session decides.
    const actor = createActor(dateRangePickerMachine, { input: { session } }).start();
    actor.send({ type: "picker.opened", range: null, timeZone: "+00:00" });
    actor.send({ type: "picker.presetChosen", preset: "yesterday" });
    expect(session.getSnapshot().context.range).toBeNull();
    session.stop();
  });
});
