/**
 * The 'Journey Path Filter' modal: the draft filter a person edits, with one tag input
 * (`tagInputMachine`) per touchpoint.
 *
 * How the journeys page uses it (keep this interface):
 * - While the modal is open, the page machine invokes `journeyFilterMachine` with input
 *   `{ filter: JourneySearch, taxonomies: ReadonlyArray<TaxonomyPath> }`: the filter now in
 *   force and the rows of GET /performance/taxonomies.
 * - The view is `<JourneyFilterModal filter={ref} />` with the invoked child's ref.
 * - On Close (or Escape) the machine sends its parent
 *   `{ type: "journeys.filter.applied", filter: JourneySearch }` (`JourneyFilterApplied`),
 *   the request shape (`searchOfDraft`: empty touchpoints, incomplete before/after pairs
 *   and empty groups left out), through its named action `tellPageApplied`, and reaches
 *   its final state `closed`.
 *
 * Inside: first, last and anywhere groups of touchpoints, the anywhere connector (or by
 * default, or and), and before/after pairs with 'Immediately before / after'. Each
 * group and the pairs take entries up to the request's limit; any entry can be removed.
 * Each touchpoint's tag input is spawned with the entry (its id is `tagInputId(key)`),
 * stopped with it, and tells the draft its tags (`tagInput.changed`).
 */
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { TaxonomyPath } from "../../domain/performance/performance";
import type { JourneySearch } from "../../domain/journeys/journeys";
import {
  draftOfSearch,
  draftTouchpoints,
  editDraft,
  hasRoomIn,
  searchOfDraft,
  setConnector,
  setImmediately,
  setTouchpointTags,
  touchpointChanges,
  type AnywhereConnector,
  type DraftEdit,
  type DraftTouchpoint,
  type JourneyFilterDraft,
  type TouchpointGroup,
} from "../../domain/journeys/journeyFilter";
import { tagInputMachine, type TagInputActorRef, type TagInputChanged } from "./tagInput.machine";

export interface JourneyFilterInput {
  /** The filter in force when the modal opens. */
  readonly filter: JourneySearch;
  /** The program's taxonomy paths (the rows of /performance/taxonomies). */
  readonly taxonomies: ReadonlyArray<TaxonomyPath>;
}

export interface JourneyFilterContext {
  readonly taxonomies: ReadonlyArray<TaxonomyPath>;
  readonly draft: JourneyFilterDraft;
}

/** What the filter tells the page when it closes. */
export interface JourneyFilterApplied {
  readonly type: "journeys.filter.applied";
  readonly filter: JourneySearch;
}

export type JourneyFilterEvent =
  /** 'Add touchpoint' under a group. */
  | { type: "journeyFilter.touchpointAdded"; group: TouchpointGroup }
  /** 'Add before / after pair'. */
  | { type: "journeyFilter.comparisonAdded" }
  /** 'Remove' on a touchpoint or a pair. */
  | { type: "journeyFilter.entryRemoved"; key: string }
  | { type: "journeyFilter.connectorChosen"; connector: AnywhereConnector }
  /** A pair's 'Immediately before / after' checkbox. */
  | { type: "journeyFilter.immediatelySet"; key: string; immediately: boolean }
  /** 'Close', or Escape. */
  | { type: "journeyFilter.closed" }
  | TagInputChanged;

/** The id of a touchpoint's tag input among the filter's children. */
export const tagInputId = (key: string): string => `tagInput:${key}`;

const tagInputSpawn = (t: DraftTouchpoint, taxonomies: ReadonlyArray<TaxonomyPath>, owner: AnyActorRef) =>
  ({ id: tagInputId(t.key), input: { key: t.key, tags: t.tags, taxonomies, owner } }) as const;

export const journeyFilterMachine = setup({
  types: {
    context: {} as JourneyFilterContext,
    events: {} as JourneyFilterEvent,
    input: {} as JourneyFilterInput,
  },
  actors: {
    tagInput: tagInputMachine,
  },
  actions: {
    spawnTagInputs: enqueueActions(({ context, enqueue, self }) => {
      for (const t of draftTouchpoints(context.draft)) {
        enqueue.spawnChild("tagInput", tagInputSpawn(t, context.taxonomies, self));
      }
    }),
    /** An edit that adds or removes entries: their tag inputs start or stop with them. */
    reshapeDraft: enqueueActions(({ context, enqueue, self }, params: { edit: DraftEdit }) => {
      const draft = editDraft(context.draft, params.edit);
      const { added, removed } = touchpointChanges(context.draft, draft);
      for (const key of removed) enqueue.stopChild(tagInputId(key));
      for (const t of added) enqueue.spawnChild("tagInput", tagInputSpawn(t, context.taxonomies, self));
      enqueue.assign({ draft });
    }),
    storeTags: assign(({ context }, params: { key: string; tags: ReadonlyArray<string> }) => ({
      draft: setTouchpointTags(context.draft, params.key, params.tags),
    })),
    storeConnector: assign(({ context }, params: { connector: AnywhereConnector }) => ({ draft: setConnector(context.draft, params.connector) })),
    storeImmediately: assign(({ context }, params: { key: string; immediately: boolean }) => ({
      draft: setImmediately(context.draft, params.key, params.immediately),
    })),
    tellPageApplied: sendParent((_, params: { filter: JourneySearch }): JourneyFilterApplied => ({ type: "journeys.filter.applied", filter: params.filter })),
  },
  guards: {
    hasRoomFor: ({ context }, params: { group: TouchpointGroup | "comparison" }) => hasRoomIn(context.draft, params.group),
    isEntry: ({ context }, params: { key: string }) =>
      draftTouchpoints(context.draft).some((t) => t.key === params.key) || context.draft.comparison.some((c) => c.key === params.key),
    isTouchpoint: ({ context }, params: { key: string }) => draftTouchpoints(context.draft).some((t) => t.key === params.key),
  },
}).createMachine({
  id: "journeyFilter",
  context: ({ input }) => ({ taxonomies: input.taxonomies, draft: draftOfSearch(input.filter) }),
  initial: "editing",
  states: {
    editing: {
      entry: "spawnTagInputs",
      on: {
        "journeyFilter.touchpointAdded": {
          guard: { type: "hasRoomFor", params: ({ event }) => ({ group: event.group }) },
          actions: { type: "reshapeDraft", params: ({ event }) => ({ edit: { kind: "touchpointAdded", group: event.group } }) },
        },
        "journeyFilter.comparisonAdded": {
          guard: { type: "hasRoomFor", params: { group: "comparison" } },
          actions: { type: "reshapeDraft", params: { edit: { kind: "comparisonAdded" } } },
        },
        "journeyFilter.entryRemoved": {
          guard: { type: "isEntry", params: ({ event }) => ({ key: event.key }) },
          actions: { type: "reshapeDraft", params: ({ event }) => ({ edit: { kind: "entryRemoved", key: event.key } }) },
        },
        "tagInput.changed": {
          guard: { type: "isTouchpoint", params: ({ event }) => ({ key: event.key }) },
          actions: { type: "storeTags", params: ({ event }) => ({ key: event.key, tags: event.tags }) },
        },
        "journeyFilter.connectorChosen": { actions: { type: "storeConnector", params: ({ event }) => ({ connector: event.connector }) } },
        "journeyFilter.immediatelySet": {
          guard: { type: "isEntry", params: ({ event }) => ({ key: event.key }) },
          actions: { type: "storeImmediately", params: ({ event }) => ({ key: event.key, immediately: event.immediately }) },
        },
        "journeyFilter.closed": {
          target: "closed",
          actions: { type: "tellPageApplied", params: ({ context }) => ({ filter: searchOfDraft(context.draft) }) },
        },
      },
    },
    closed: { type: "final" },
  },
});

export type JourneyFilterActorRef = ActorRefFrom<typeof journeyFilterMachine>;
type Snap = SnapshotFrom<typeof journeyFilterMachine>;

/** A group's touchpoints (the same array while the draft's group is unchanged). */
const groupOf = (group: TouchpointGroup) => (s: Snap): ReadonlyArray<DraftTouchpoint> => s.context.draft[group];

export const journeyFilterSelectors = {
  first: groupOf("first"),
  last: groupOf("last"),
  anywhere: groupOf("anywhere"),
  group: (group: TouchpointGroup) => groupOf(group),
  comparison: (s: Snap) => s.context.draft.comparison,
  connector: (s: Snap) => s.context.draft.anywhere_connector,
  hasRoomIn: (group: TouchpointGroup | "comparison") => (s: Snap) => hasRoomIn(s.context.draft, group),
  /** The request the filter makes as it stands. */
  request: (s: Snap) => searchOfDraft(s.context.draft),
  /** A touchpoint's tag input (undefined once its entry is removed). */
  tagInput: (key: string) => (s: Snap) => s.children[tagInputId(key)] as TagInputActorRef | undefined,
  isClosed: (s: Snap) => s.status === "done",
};
