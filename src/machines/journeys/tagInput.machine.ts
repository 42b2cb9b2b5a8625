import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { TaxonomyPath } from "../../domain/performance/performance";
import {
  checkTag,
  isTagInputHidden,
  maxTouchpointTags,
  tagOptions,
  tagSuggestions,
  type TagRejection,
} from "../../domain/journeys/journeyFilter";

/**
 * The autocomplete tag input of one journey filter touchpoint: a tag per taxonomy level
 * in turn (the values offered for the next tag are those of the next level under the
 * tags so far), at most 4.
 *
 * - Typing opens the list of suggestions (the offered values containing the text, not
 *   already tags) with one highlighted (the one spelled as typed, else the first);
 *   ArrowDown/ArrowUp move the highlight, Escape closes the list.
 * - Enter or comma confirms: the highlighted suggestion, else the typed text when it is
 *   an offered value (case ignored). An empty text, a tag already chosen or a value not
 *   offered is rejected, and the rejection says why until the text changes.
 * - Backspace in an empty box removes the last tag; only the last tag has a close button.
 * - With 4 tags, or nothing but 'None' to offer, the text box is hidden (`noMoreLevels`).
 *
 * Every change of the tags is told to the owner (the filter modal) as
 * `tagInput.changed` with the input's key.
 */

export interface TagInputInput {
  /** Names the touchpoint in the owner's draft. */
  readonly key: string;
  readonly tags: ReadonlyArray<string>;
  /** The program's taxonomy paths (the rows of /performance/taxonomies). */
  readonly taxonomies: ReadonlyArray<TaxonomyPath>;
  /** Told of every change of the tags. */
  readonly owner?: AnyActorRef;
}

export interface TagRejected {
  readonly reason: TagRejection;
  /** The text as typed, trimmed. */
  readonly text: string;
}

export interface TagInputContext {
  readonly key: string;
  readonly taxonomies: ReadonlyArray<TaxonomyPath>;
  readonly owner: AnyActorRef | null;
  readonly tags: ReadonlyArray<string>;
  /** The values offered for the next tag. */
  readonly options: ReadonlyArray<string>;
  readonly text: string;
  /** The highlighted suggestion's index, -1 for none. */
  readonly active: number;
  readonly rejected: TagRejected | null;
}

/** What the tag input tells its owner. */
export interface TagInputChanged {
  readonly type: "tagInput.changed";
  readonly key: string;
  readonly tags: ReadonlyArray<string>;
}

export type TagInputEvent =
  /** The text box's text changed. */
  | { type: "tagInput.typed"; text: string }
  /** ArrowDown (1) or ArrowUp (-1): opens the list or moves the highlight. */
  | { type: "tagInput.optionMoved"; by: 1 | -1 }
  /** Enter or comma. */
  | { type: "tagInput.confirmed" }
  /** A suggestion was clicked. */
  | { type: "tagInput.optionChosen"; value: string }
  /** Backspace in the text box (removes the last tag when the box is empty). */
  | { type: "tagInput.backspaced" }
  /** The last tag's close button. */
  | { type: "tagInput.lastClosed" }
  /** Escape, or focus left the input: the list closes. */
  | { type: "tagInput.dismissed" };

const suggestionsOf = (c: Pick<TagInputContext, "options" | "tags" | "text">): ReadonlyArray<string> => tagSuggestions(c.options, c.tags, c.text);

const withTags = (c: TagInputContext, tags: ReadonlyArray<string>): Partial<TagInputContext> => ({
  tags,
  options: tagOptions(c.taxonomies, tags),
  text: "",
  active: -1,
  rejected: null,
});

/**
 * The suggestion highlighted as the person types, so Enter takes it: the one spelled as typed
 * (case ignored), else the first; none for a blank box or no suggestion.
 */
const typedHighlight = (c: Pick<TagInputContext, "options" | "tags" | "text">): number => {
  const typed = c.text.trim().toLocaleLowerCase();
  if (typed === "") return -1;
  const suggestions = suggestionsOf(c);
  const exact = suggestions.findIndex((s) => s.toLocaleLowerCase() === typed);
  return exact >= 0 ? exact : suggestions.length > 0 ? 0 : -1;
};

const moved = (active: number, by: 1 | -1, count: number): number => (count === 0 ? -1 : active < 0 ? (by > 0 ? 0 : count - 1) : (active + by + count) % count);

export const tagInputMachine = setup({
  types: {
    context: {} as TagInputContext,
    events: {} as TagInputEvent,
    input: {} as TagInputInput,
  },
  actions: {
    setText: assign(({ context }, params: { text: string }) => ({ text: params.text, active: typedHighlight({ ...context, text: params.text }), rejected: null })),
    highlightFirst: assign(({ context }, params: { by: 1 | -1 }) => ({ active: moved(-1, params.by, suggestionsOf(context).length) })),
    moveHighlight: assign(({ context }, params: { by: 1 | -1 }) => ({ active: moved(context.active, params.by, suggestionsOf(context).length) })),
    clearHighlight: assign({ active: -1 }),
    addHighlighted: assign(({ context }) => withTags(context, [...context.tags, suggestionsOf(context)[context.active] ?? ""])),
    addTyped: assign(({ context }) => {
      const verdict = checkTag(context.text, context.tags, context.options);
      return verdict.kind === "accepted" ? withTags(context, [...context.tags, verdict.tag]) : {};
    }),
    addChosen: assign(({ context }, params: { value: string }) => withTags(context, [...context.tags, params.value])),
    reject: assign(({ context }) => {
      const verdict = checkTag(context.text, context.tags, context.options);
      return { rejected: verdict.kind === "rejected" ? { reason: verdict.reason, text: verdict.text } : null };
    }),
    removeLast: assign(({ context }) => withTags(context, context.tags.slice(0, -1))),
    tellOwner: enqueueActions(({ context, enqueue }) => {
      if (context.owner) enqueue.sendTo(context.owner, { type: "tagInput.changed", key: context.key, tags: context.tags } satisfies TagInputChanged);
    }),
  },
  guards: {
    hasNoMoreLevels: ({ context }) => isTagInputHidden(context.options),
    hasHighlight: ({ context }) => context.active >= 0 && context.active < suggestionsOf(context).length,
    isTextAccepted: ({ context }) => checkTag(context.text, context.tags, context.options).kind === "accepted",
    isSuggested: ({ context }, params: { value: string }) => suggestionsOf(context).includes(params.value),
    isEmptyWithTags: ({ context }) => context.text === "" && context.tags.length > 0,
    hasTags: ({ context }) => context.tags.length > 0,
  },
}).createMachine({
  id: "tagInput",
  context: ({ input }) => ({
    key: input.key,
    taxonomies: input.taxonomies,
    owner: input.owner ?? null,
    tags: input.tags.slice(0, maxTouchpointTags),
    options: tagOptions(input.taxonomies, input.tags.slice(0, maxTouchpointTags)),
    text: "",
    active: -1,
    rejected: null,
  }),
  initial: "starting",
  states: {
    /** Whether there is a level left to choose. */
    starting: {
      always: [{ guard: "hasNoMoreLevels", target: "noMoreLevels" }, { target: "editing" }],
    },
    /** After a tag was added or removed: the owner is told, and the next level's values show. */
    changed: {
      entry: "tellOwner",
      always: [{ guard: "hasNoMoreLevels", target: "noMoreLevels" }, { target: "editing.listOpen" }],
    },
    /** The text box shows. */
    editing: {
      initial: "listClosed",
      on: {
        "tagInput.typed": { target: ".listOpen", actions: { type: "setText", params: ({ event }) => ({ text: event.text }) } },
        "tagInput.confirmed": [
          { guard: "hasHighlight", target: "changed", actions: "addHighlighted" },
          { guard: "isTextAccepted", target: "changed", actions: "addTyped" },
          { actions: "reject" },
        ],
        "tagInput.optionChosen": {
          guard: { type: "isSuggested", params: ({ event }) => ({ value: event.value }) },
          target: "changed",
          actions: { type: "addChosen", params: ({ event }) => ({ value: event.value }) },
        },
        "tagInput.backspaced": { guard: "isEmptyWithTags", target: "changed", actions: "removeLast" },
        "tagInput.lastClosed": { guard: "hasTags", target: "changed", actions: "removeLast" },
      },
      states: {
        listClosed: {
          on: {
            "tagInput.optionMoved": { target: "listOpen", actions: { type: "highlightFirst", params: ({ event }) => ({ by: event.by }) } },
          },
        },
        listOpen: {
          on: {
            "tagInput.optionMoved": { actions: { type: "moveHighlight", params: ({ event }) => ({ by: event.by }) } },
            "tagInput.dismissed": { target: "listClosed", actions: "clearHighlight" },
          },
        },
      },
    },
    /** Four tags, or nothing but 'None' to offer: the text box is hidden; the last tag can still be closed. */
    noMoreLevels: {
      on: {
        "tagInput.lastClosed": { guard: "hasTags", target: "changed", actions: "removeLast" },
      },
    },
  },
});

export type TagInputActorRef = ActorRefFrom<typeof tagInputMachine>;
type Snap = SnapshotFrom<typeof tagInputMachine>;

export const tagInputSelectors = {
  tags: (s: Snap) => s.context.tags,
  text: (s: Snap) => s.context.text,
  /** The level (1 to 4) the next tag is a value of. */
  nextLevel: (s: Snap) => s.context.tags.length + 1,
  isInputShown: (s: Snap) => s.matches("editing"),
  isListOpen: (s: Snap) => s.matches({ editing: "listOpen" }),
  suggestions: (s: Snap) => suggestionsOf(s.context),
  activeIndex: (s: Snap) => s.context.active,
  rejected: (s: Snap) => s.context.rejected,
};
