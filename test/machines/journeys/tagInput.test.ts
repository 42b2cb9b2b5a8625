import { describe, expect, it } from "vitest";
import { createActor, createMachine, type AnyActorRef, type EventObject } from "xstate";
import { tagInputMachine, tagInputSelectors, type TagInputEvent } from "../../../src/machines/journeys/tagInput.machine";
import { filterTaxonomies as tagTaxonomies } from "../../model/journeys/journeyFilterFixtures";

/** An owner that keeps what it is told. */
const recordingOwner = () => {
  const received: EventObject[] = [];
  const ref: AnyActorRef = createActor(createMachine({ on: { "*": { actions: ({ event }) => received.push(event) } } })).start();
  return { ref, received };
};

const start = (tags: ReadonlyArray<string> = [], withOwner = true) => {
  const owner = recordingOwner();
  const actor = createActor(tagInputMachine, { input: { key: "first-1", tags, taxonomies: tagTaxonomies, ...(withOwner ? { owner: owner.ref } : {}) } }).start();
  const send = (...events: TagInputEvent[]) => events.forEach((e) => actor.send(e));
  const snap = () => actor.getSnapshot();
  const told = () => owner.received.map((e) => (e as unknown as { tags: ReadonlyArray<string> }).tags);
  return { actor, send, snap, told };
};

describe("tag input", () => {
  it("starts with the text box shown and the list closed, offering level one", () => {
    const { snap } = start();
    expect(tagInputSelectors.isInputShown(snap())).toBe(true);
    expect(tagInputSelectors.isListOpen(snap())).toBe(false);
    expect(tagInputSelectors.nextLevel(snap())).toBe(1);
    expect(tagInputSelectors.suggestions(snap())).toEqual(["Direct", "Email", "Paid Search"]);
  });

  it("typing opens the suggestions that contain the text, the first highlighted (the one spelled as typed first); a blank box none", () => {
    const { send, snap } = start();
    send({ type: "tagInput.typed", text: "ai" });
    expect(tagInputSelectors.isListOpen(snap())).toBe(true);
    expect(tagInputSelectors.suggestions(snap())).toEqual(["Email", "Paid Search"]);
    expect(tagInputSelectors.activeIndex(snap())).toBe(0);
    send({ type: "tagInput.typed", text: "PAID SEARCH" });
    expect(tagInputSelectors.activeIndex(snap())).toBe(0);
    send({ type: "tagInput.typed", text: "  " });
    expect(tagInputSelectors.activeIndex(snap())).toBe(-1);
    send({ type: "tagInput.typed", text: "zzz" });
    expect(tagInputSelectors.activeIndex(snap())).toBe(-1);
  });

  it.each<[string, ReadonlyArray<TagInputEvent>, ReadonlyArray<string>]>([
    ["Enter on a typed value (case ignored)", [{ type: "tagInput.typed", text: "email" }, { type: "tagInput.confirmed" }], ["Email"]],
    ["Enter on part of a value takes the first suggestion, highlighted as you type", [{ type: "tagInput.typed", text: "Paid" }, { type: "tagInput.confirmed" }], ["Paid Search"]],
    ["Enter on part of two values takes the first", [{ type: "tagInput.typed", text: "ai" }, { type: "tagInput.confirmed" }], ["Email"]],
    ["ArrowDown then Enter takes the next suggestion", [{ type: "tagInput.typed", text: "ai" }, { type: "tagInput.optionMoved", by: 1 }, { type: "tagInput.confirmed" }], ["Paid Search"]],
    ["ArrowUp from nothing highlights the last", [{ type: "tagInput.optionMoved", by: -1 }, { type: "tagInput.confirmed" }], ["Paid Search"]],
    [
      "the highlight wraps around",
      [{ type: "tagInput.typed", text: "ai" }, { type: "tagInput.optionMoved", by: 1 }, { type: "tagInput.optionMoved", by: 1 }, { type: "tagInput.confirmed" }],
      ["Email"],
    ],
    ["a clicked suggestion", [{ type: "tagInput.typed", text: "d" }, { type: "tagInput.optionChosen", value: "Direct" }], ["Direct"]],
    ["a click on a value not suggested is ignored", [{ type: "tagInput.typed", text: "e" }, { type: "tagInput.optionChosen", value: "Display" }], []],
  ])("%s", (_label, events, tags) => {
    const { send, snap, told } = start();
    send(...events);
    expect(tagInputSelectors.tags(snap())).toEqual(tags);
    expect(told()).toEqual(tags.length ? [tags] : []);
  });

  it("a confirmed tag clears the text and offers the next level under it", () => {
    const { send, snap } = start();
    send({ type: "tagInput.typed", text: "Email" }, { type: "tagInput.confirmed" });
    expect(tagInputSelectors.text(snap())).toBe("");
    expect(tagInputSelectors.nextLevel(snap())).toBe(2);
    expect(tagInputSelectors.isListOpen(snap())).toBe(true);
    expect(tagInputSelectors.suggestions(snap())).toEqual(["Newsletter", "Promo"]);
  });

  it.each<[string, ReadonlyArray<string>, string, { reason: string; text: string }]>([
    ["empty", [], "", { reason: "empty", text: "" }],
    ["blank", [], "   ", { reason: "empty", text: "" }],
    ["not offered at this level", [], "Newsletter", { reason: "unknown", text: "Newsletter" }],
    ["part of no value", [], "Emu", { reason: "unknown", text: "Emu" }],
  ])("rejects %s, says why, and keeps the text until it changes", (_label, tags, text, rejected) => {
    const { send, snap, told } = start(tags);
    send({ type: "tagInput.typed", text }, { type: "tagInput.confirmed" });
    expect(tagInputSelectors.rejected(snap())).toEqual(rejected);
    expect(tagInputSelectors.text(snap())).toBe(text);
    expect(tagInputSelectors.tags(snap())).toEqual(tags);
    expect(told()).toEqual([]);
    send({ type: "tagInput.typed", text: `${text}x` });
    expect(tagInputSelectors.rejected(snap())).toBeNull();
  });

  it("rejects a duplicate tag (a value equal to a tag at another level)", () => {
    const { send, snap } = start(["Email"]);
    // 'Email' is not a level-two value either, but the duplicate is the first reason.
    send({ type: "tagInput.typed", text: "email" }, { type: "tagInput.confirmed" });
    expect(tagInputSelectors.rejected(snap())).toEqual({ reason: "duplicate", text: "email" });
  });

  it("a tag already chosen is never suggested", () => {
    const { snap } = start(["Paid Search", "Google Ads", "Brand"]);
    expect(tagInputSelectors.suggestions(snap())).toEqual(["Exact"]);
  });

  it("Backspace on an empty box removes the last tag; with text it does nothing", () => {
    const { send, snap, told } = start(["Email", "Promo"]);
    send({ type: "tagInput.typed", text: "S" }, { type: "tagInput.backspaced" });
    expect(tagInputSelectors.tags(snap())).toEqual(["Email", "Promo"]);
    send({ type: "tagInput.typed", text: "" }, { type: "tagInput.backspaced" });
    expect(tagInputSelectors.tags(snap())).toEqual(["Email"]);
    send({ type: "tagInput.backspaced" }, { type: "tagInput.backspaced" });
    expect(tagInputSelectors.tags(snap())).toEqual([]);
    expect(told()).toEqual([["Email"], []]);
  });

  it("the fourth tag hides the text box; closing the last tag shows it again", () => {
    const { send, snap, told } = start(["Paid Search", "Google Ads", "Brand"]);
    send({ type: "tagInput.typed", text: "Exact" }, { type: "tagInput.confirmed" });
    expect(tagInputSelectors.tags(snap())).toHaveLength(4);
    expect(tagInputSelectors.isInputShown(snap())).toBe(false);
    send({ type: "tagInput.lastClosed" });
    expect(tagInputSelectors.tags(snap())).toEqual(["Paid Search", "Google Ads", "Brand"]);
    expect(tagInputSelectors.isInputShown(snap())).toBe(true);
    expect(told()).toEqual([
      ["Paid Search", "Google Ads", "Brand", "Exact"],
      ["Paid Search", "Google Ads", "Brand"],
    ]);
  });

  it.each<[ReadonlyArray<string>, boolean]>([
    [["Direct"], false],
    [["Email", "Newsletter"], false],
    [["Paid Search", "Bing Ads", "Brand"], false],
    [["Email"], true],
    [[], true],
  ])("with tags %j the text box shows: %s (hidden when 'None' is the only option)", (tags, shown) => {
    expect(tagInputSelectors.isInputShown(start(tags).snap())).toBe(shown);
  });

  it("Escape closes the list and forgets the highlight", () => {
    const { send, snap } = start();
    send({ type: "tagInput.optionMoved", by: 1 });
    expect(tagInputSelectors.activeIndex(snap())).toBe(0);
    send({ type: "tagInput.dismissed" });
    expect(tagInputSelectors.isListOpen(snap())).toBe(false);
    expect(tagInputSelectors.activeIndex(snap())).toBe(-1);
    send({ type: "tagInput.confirmed" });
    expect(tagInputSelectors.rejected(snap())).toEqual({ reason: "empty", text: "" });
  });

  it("works without an owner", () => {
    const { send, snap } = start([], false);
    send({ type: "tagInput.typed", text: "Direct" }, { type: "tagInput.confirmed" });
    expect(tagInputSelectors.tags(snap())).toEqual(["Direct"]);
  });
});
