import { checkTag, maxTouchpointTags, tagOptions } from "../../../src/domain/journeys/journeyFilter";
import { tagInputMachine, tagInputSelectors, type TagInputChanged } from "../../../src/machines/journeys/tagInput.machine";
import type { SnapshotFrom } from "xstate";
import { defineMachineModel, invariant } from "../harness";
import { filterTaxonomies } from "./journeyFilterFixtures";

const typing = "typing";
const removing = "removing";
const direct = "direct";
/** Events only the typing input explores (the other inputs only remove tags). */
const typingOnly = (s: SnapshotFrom<typeof tagInputMachine>): boolean => s.context.key === typing;

const tagEvents = new Set(["tagInput.confirmed", "tagInput.optionChosen", "tagInput.backspaced", "tagInput.lastClosed"]);

/**
 * A touchpoint's tag input: typing into an empty box (an offered value in another case, a
 * value not offered, blanks, a tag already chosen), the suggestions list, confirming,
 * removing the last tag, and the box hidden at 4 tags or when only 'None' is left.
 */
export const tagInputModel = defineMachineModel({
  name: "tagInput",
  machine: tagInputMachine,
  input: {
    // Typing, the list, confirming and choosing: Paid Search runs four levels deep.
    [typing]: (rig) => ({ key: typing, tags: [], taxonomies: filterTaxonomies, owner: rig.recorder("owner") }),
    // Removing: from four tags (the box hidden), the close button and Backspace in the empty box.
    [removing]: (rig) => ({ key: removing, tags: ["Paid Search", "Google Ads", "Brand", "Exact"], taxonomies: filterTaxonomies, owner: rig.recorder("owner") }),
    // Below Direct there is only 'None': the box starts hidden, and closing the tag shows it.
    [direct]: (rig) => ({ key: direct, tags: ["Direct"], taxonomies: filterTaxonomies, owner: rig.recorder("owner") }),
  },
  events: {
    // Every level behaves alike: typing and the list are explored with no tag and one tag
    // (a tag to repeat); deeper levels are reached by choosing. Typing starts from an empty
    // box (an offered value is the last suggestion, in lower case); a typed box can be emptied.
    "tagInput.typed": (s): Record<string, { text: string }> => {
      if (!typingOnly(s) || s.context.tags.length > 1) return {};
      if (s.context.text !== "") return { erased: { text: "" } };
      const offered = tagInputSelectors.suggestions(s).at(-1);
      const last = s.context.tags[s.context.tags.length - 1];
      return {
        ...(offered ? { "offered, lower case": { text: offered.toLowerCase() } } : {}),
        "not offered": { text: "Nowhere" },
        blank: { text: "  " },
        ...(last ? { "a tag again": { text: last } } : {}),
      };
    },
    "tagInput.optionMoved": (s): Record<string, { by: 1 | -1 }> => (typingOnly(s) && s.context.tags.length === 0 ? { down: { by: 1 } } : {}),
    // The last suggestion: Paid Search, then Google Ads, Brand and Exact, down to 4 tags.
    "tagInput.optionChosen": (s): Record<string, { value: string }> => {
      const last = tagInputSelectors.suggestions(s).at(-1);
      return typingOnly(s) && last ? { "last suggestion": { value: last } } : {};
    },
    "tagInput.confirmed": (s) => (typingOnly(s) ? [{}] : []),
    "tagInput.backspaced": (s) => (s.context.key === removing ? [{}] : []),
    "tagInput.lastClosed": [{}],
    "tagInput.dismissed": (s) => (typingOnly(s) && s.context.tags.length === 0 ? [{}] : []),
  },
  // The text by what confirming it would do: nothing typed, a tag, or the reason it is refused.
  observe: (c) => {
    const verdict = checkTag(c.text, c.tags, c.options);
    return {
      tags: c.tags.length,
      text: c.text === "" ? "" : verdict.kind === "accepted" ? "a value" : verdict.reason,
      highlighted: c.active >= 0,
      rejected: c.rejected?.reason ?? null,
    };
  },
  strategies: {
    shortest: { transitions: false },
    simple: { observe: null },
  },
  check: ({ before, after, action, newCalls }) => {
    const c = after.context;
    invariant(c.tags.length <= maxTouchpointTags, "at most 4 tags");
    invariant(new Set(c.tags).size === c.tags.length, "no tag twice");
    const left = c.tags.length < maxTouchpointTags && tagOptions(filterTaxonomies, c.tags).some((o) => o !== "None");
    invariant(tagInputSelectors.isInputShown(after) === left, "the box shows while a level with a value other than 'None' is left");
    const told = newCalls.filter((call) => call.kind === "received" && call.name === "owner").map((call) => call.payload as TagInputChanged);
    if (!before) return;
    const changed = JSON.stringify(before.context.tags) !== JSON.stringify(c.tags);
    invariant(told.length === (changed ? 1 : 0), "the owner hears each change of the tags, once");
    if (changed) {
      invariant(action.kind === "event" && tagEvents.has(action.event.type), "only confirming, choosing, Backspace and the close button change the tags");
      invariant(JSON.stringify(told[0]?.tags) === JSON.stringify(c.tags) && told[0]?.key === c.key, "the owner hears the new tags under the input's key");
      invariant(c.text === "" && c.rejected === null, "a new tag starts an empty box");
    }
    if (action.kind === "event" && action.event.type === "tagInput.confirmed" && !changed) {
      invariant(c.rejected !== null, "a confirmed text that is not taken says why");
    }
  },
});
