import type { SnapshotFrom } from "xstate";
import { draftTouchpoints, searchOfDraft, type AnywhereConnector, type DraftTouchpoint, type TouchpointGroup } from "../../../src/domain/journeys/journeyFilter";
import { journeyFilterMachine, journeyFilterSelectors, tagInputId } from "../../../src/machines/journeys/journeyFilter.machine";
import { defineMachineModel, invariant } from "../harness";
import { filterTaxonomies } from "./journeyFilterFixtures";

type Snap = SnapshotFrom<typeof journeyFilterMachine>;

/** A touchpoint's tags as its tag input tells them, offered once while the touchpoint is empty. */
const tell = (t: DraftTouchpoint | undefined, label: string, tags: ReadonlyArray<string>) => (t && t.tags.length === 0 ? { [label]: { key: t.key, tags } } : {});

type Part = "first" | "anywhere" | "pair";
/** The parts of the modal a path has changed from how it opened (one empty entry each, or). */
const changed = (s: Snap): ReadonlyArray<Part> => {
  const d = s.context.draft;
  const pair = d.comparison[0];
  return [
    ...(d.first[0]?.tags.length ? ["first" as const] : []),
    ...(d.anywhere.length !== 1 || d.anywhere[0]?.tags.length || d.anywhere_connector !== "or" ? ["anywhere" as const] : []),
    ...(d.comparison.length !== 1 || pair?.before.tags.length || pair?.after.tags.length || pair?.immediately ? ["pair" as const] : []),
  ];
};
/** Each path works on one part of the modal (the parts do not depend on one another), so the paths stay few. */
const only = (s: Snap, part: Part): boolean => changed(s).every((p) => p === part);

/**
 * The 'Journey Path Filter' modal, by the request it would apply: each path edits one
 * part (a first touchpoint; anywhere touchpoints added, removed and joined by or / and;
 * a before/after pair, immediate or not, complete or not, removed) and closes, so the
 * paths list the requests the page can receive. The tag inputs' own behaviour is the tagInput model's;
 * here their `tagInput.changed` is sent as they would send it.
 *
 * The page is the filter's parent: in a model run there is none, so `tellPageApplied`
 * (its only sendParent) is an app action, recorded with the filter it applies.
 */
export const journeyFilterModel = defineMachineModel({
  name: "journeyFilter",
  // Without a parent to send to, the path generation takes the production machine with its one parent-send left silent.
  machine: journeyFilterMachine.provide({ actions: { tellPageApplied: () => undefined } }),
  input: {
    empty: () => ({ filter: {}, taxonomies: filterTaxonomies }),
  },
  events: {
    "tagInput.changed": (s: Snap) => {
      const d = s.context.draft;
      const pair = d.comparison[0];
      return {
        ...(only(s, "first") ? tell(d.first[0], "first: Email / Promo", ["Email", "Promo"]) : {}),
        ...(only(s, "anywhere") ? { ...tell(d.anywhere[0], "anywhere 1: Direct", ["Direct"]), ...tell(d.anywhere[1], "anywhere 2: Paid Search", ["Paid Search"]) } : {}),
        ...(only(s, "pair") ? { ...tell(pair?.before, "before: Email", ["Email"]), ...tell(pair?.after, "after: Direct", ["Direct"]) } : {}),
      };
    },
    "journeyFilter.touchpointAdded": (s: Snap): Record<string, { group: TouchpointGroup }> =>
      only(s, "anywhere") && s.context.draft.anywhere.length === 1 ? { anywhere: { group: "anywhere" } } : {},
    "journeyFilter.entryRemoved": (s: Snap) => {
      const d = s.context.draft;
      return {
        ...(only(s, "anywhere") && d.anywhere[0] ? { "anywhere 1": { key: d.anywhere[0].key } } : {}),
        ...(only(s, "pair") && d.comparison[0] ? { pair: { key: d.comparison[0].key } } : {}),
      };
    },
    "journeyFilter.connectorChosen": (s: Snap): Record<string, { connector: AnywhereConnector }> =>
      only(s, "anywhere") && s.context.draft.anywhere_connector === "or" ? { and: { connector: "and" } } : {},
    "journeyFilter.immediatelySet": (s: Snap): Record<string, { key: string; immediately: boolean }> => {
      const pair = s.context.draft.comparison[0];
      return only(s, "pair") && pair && !pair.immediately ? { immediately: { key: pair.key, immediately: true } } : {};
    },
    "journeyFilter.closed": [{}],
  },
  appActions: ["tellPageApplied"],
  // The request, and what of the draft it leaves out: the anywhere entries and the first pair's sides while incomplete.
  observe: (c) => {
    const pair = c.draft.comparison[0];
    return {
      request: searchOfDraft(c.draft),
      anywhere: c.draft.anywhere.length,
      pair: pair ? { before: pair.before.tags.length > 0, after: pair.after.tags.length > 0, immediately: pair.immediately } : null,
    };
  },
  strategies: {
    shortest: { transitions: false },
    simple: { observe: null },
  },
  check: ({ after, action, newCalls }) => {
    const applied = newCalls.filter((call) => call.kind === "action" && call.name === "tellPageApplied");
    const closing = action.kind === "event" && action.event.type === "journeyFilter.closed";
    invariant(applied.length === (closing ? 1 : 0), "Close tells the page once, and nothing else does");
    if (closing) {
      invariant(after.status === "done", "Close ends the filter");
      invariant(JSON.stringify(applied[0]?.payload) === JSON.stringify({ filter: journeyFilterSelectors.request(after) }), "the page gets the request shape");
      return;
    }
    const keys = draftTouchpoints(after.context.draft).map((t) => tagInputId(t.key));
    invariant(JSON.stringify(Object.keys(after.children).sort()) === JSON.stringify([...keys].sort()), "one tag input per touchpoint, no other");
    for (const c of journeyFilterSelectors.request(after).comparison ?? []) {
      invariant(Object.keys(c.before).length > 0 && Object.keys(c.after).length > 0, "a pair is asked for only with both sides");
    }
  },
});
