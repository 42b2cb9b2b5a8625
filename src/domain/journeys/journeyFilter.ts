import type { TaxonomyPath } from "../performance/performance";
import { taxonomyLevels } from "../report/taxonomyLevels";
import { noneName, sortReportRows } from "../table/tableSort";
import {
  cleanJourneySearch,
  filterLevelKeys,
  filterLevels,
  journeyFilterGroupLimit,
  type JourneySearch,
  type TouchpointComparison,
  type TouchpointFilter,
} from "./journeys";

/**
 * The journey filter while a person edits it in the 'Journey Path Filter' modal (the
 * draft), the request it becomes, and the rules of the touchpoint tag input. (A filter
 * read from a link is checked against the program's taxonomies by
 * `filterWithinTaxonomies`, journeyFilterCleaning.ts.)
 *
 * A touchpoint is a list of tags, one per taxonomy level from the top: the first tag is a
 * taxonomy 1 value, the second a taxonomy 2 value under it, and so on (at most 4). Every
 * touchpoint and comparison pair of the draft has a key, unique within the draft, that
 * names its tag input.
 */

/** The touchpoint groups of the filter besides the before/after pairs. */
export const touchpointGroups = ["first", "last", "anywhere"] as const;
export type TouchpointGroup = (typeof touchpointGroups)[number];

export const anywhereConnectors = ["or", "and"] as const;
export type AnywhereConnector = (typeof anywhereConnectors)[number];

/** The most tags a touchpoint holds: one per taxonomy level. */
export const maxTouchpointTags = taxonomyLevels.length;

export interface DraftTouchpoint {
  readonly key: string;
  readonly tags: ReadonlyArray<string>;
}

export interface DraftComparison {
  readonly key: string;
  readonly before: DraftTouchpoint;
  readonly after: DraftTouchpoint;
  readonly immediately: boolean;
}

export interface JourneyFilterDraft {
  readonly first: ReadonlyArray<DraftTouchpoint>;
  readonly last: ReadonlyArray<DraftTouchpoint>;
  readonly anywhere: ReadonlyArray<DraftTouchpoint>;
  readonly anywhere_connector: AnywhereConnector;
  readonly comparison: ReadonlyArray<DraftComparison>;
  /** The number the next key is made from (keys never repeat within a draft). */
  readonly serial: number;
}

// ---------------------------------------------------------------------------------------
// Touchpoints and tags

/** A touchpoint's tags: the levels it names, top down. */
export const touchpointTags = (f: TouchpointFilter): ReadonlyArray<string> => filterLevels(f);

/** The touchpoint a list of tags names (tags beyond the fourth are ignored). */
export const touchpointOfTags = (tags: ReadonlyArray<string>): TouchpointFilter => {
  const out: Partial<Record<(typeof filterLevelKeys)[number], string>> = {};
  tags.slice(0, maxTouchpointTags).forEach((tag, i) => {
    const key = filterLevelKeys[i];
    if (key) out[key] = tag;
  });
  return out;
};

// ---------------------------------------------------------------------------------------
// The draft

const touchpointKey = (group: TouchpointGroup, n: number): string => `${group}-${n}`;
const comparisonKey = (n: number): string => `comparison-${n}`;
/** The keys of a comparison pair's two tag inputs. */
export const beforeKey = (pairKey: string): string => `${pairKey}-before`;
export const afterKey = (pairKey: string): string => `${pairKey}-after`;

/**
 * The draft of a filter: its entries in order, each with a key. Every empty group starts
 * with one empty entry, so there is a touchpoint to type into at once.
 */
export const draftOfSearch = (search: JourneySearch): JourneyFilterDraft => {
  let serial = 0;
  const next = (): number => ++serial;
  const group = (g: TouchpointGroup): ReadonlyArray<DraftTouchpoint> => {
    const entries = (search[g] ?? []).map((f) => touchpointTags(f));
    return (entries.length ? entries : [[]]).map((tags) => ({ key: touchpointKey(g, next()), tags }));
  };
  const first = group("first");
  const last = group("last");
  const anywhere = group("anywhere");
  const pairs: ReadonlyArray<TouchpointComparison> = search.comparison?.length
    ? search.comparison
    : [{ before: {}, after: {}, immediately: false }];
  const comparison = pairs.map((c): DraftComparison => {
    const key = comparisonKey(next());
    return {
      key,
      before: { key: beforeKey(key), tags: touchpointTags(c.before) },
      after: { key: afterKey(key), tags: touchpointTags(c.after) },
      immediately: c.immediately,
    };
  });
  return { first, last, anywhere, anywhere_connector: search.anywhere_connector ?? "or", comparison, serial };
};

/** The request a draft makes: empty touchpoints, incomplete pairs and empty groups left out. */
export const searchOfDraft = (draft: JourneyFilterDraft): JourneySearch =>
  cleanJourneySearch({
    first: draft.first.map((t) => touchpointOfTags(t.tags)),
    last: draft.last.map((t) => touchpointOfTags(t.tags)),
    anywhere: draft.anywhere.map((t) => touchpointOfTags(t.tags)),
    anywhere_connector: draft.anywhere_connector,
    comparison: draft.comparison.map((c) => ({
      before: touchpointOfTags(c.before.tags),
      after: touchpointOfTags(c.after.tags),
      immediately: c.immediately,
    })),
  });

/** Every touchpoint of the draft (the groups' and both sides of each pair), in the modal's order. */
export const draftTouchpoints = (draft: JourneyFilterDraft): ReadonlyArray<DraftTouchpoint> => [
  ...draft.first,
  ...draft.last,
  ...draft.anywhere,
  ...draft.comparison.flatMap((c) => [c.before, c.after]),
];

/** Whether a group (or the pairs) can take another entry. */
export const hasRoomIn = (draft: JourneyFilterDraft, group: TouchpointGroup | "comparison"): boolean =>
  draft[group].length < journeyFilterGroupLimit;

/** The draft with an empty touchpoint added at the end of a group (unchanged when the group is full). */
export const addTouchpoint = (draft: JourneyFilterDraft, group: TouchpointGroup): JourneyFilterDraft => {
  if (!hasRoomIn(draft, group)) return draft;
  const serial = draft.serial + 1;
  return { ...draft, serial, [group]: [...draft[group], { key: touchpointKey(group, serial), tags: [] }] };
};

/** The draft with an empty before/after pair added (unchanged when the pairs are full). */
export const addComparison = (draft: JourneyFilterDraft): JourneyFilterDraft => {
  if (!hasRoomIn(draft, "comparison")) return draft;
  const serial = draft.serial + 1;
  const key = comparisonKey(serial);
  const pair: DraftComparison = { key, before: { key: beforeKey(key), tags: [] }, after: { key: afterKey(key), tags: [] }, immediately: false };
  return { ...draft, serial, comparison: [...draft.comparison, pair] };
};

/** The draft without the touchpoint or pair of that key. */
export const removeEntry = (draft: JourneyFilterDraft, key: string): JourneyFilterDraft => ({
  ...draft,
  first: draft.first.filter((t) => t.key !== key),
  last: draft.last.filter((t) => t.key !== key),
  anywhere: draft.anywhere.filter((t) => t.key !== key),
  comparison: draft.comparison.filter((c) => c.key !== key),
});

/** An edit that adds or removes entries of the draft. */
export type DraftEdit =
  | { readonly kind: "touchpointAdded"; readonly group: TouchpointGroup }
  | { readonly kind: "comparisonAdded" }
  | { readonly kind: "entryRemoved"; readonly key: string };

export const editDraft = (draft: JourneyFilterDraft, edit: DraftEdit): JourneyFilterDraft =>
  edit.kind === "touchpointAdded" ? addTouchpoint(draft, edit.group) : edit.kind === "comparisonAdded" ? addComparison(draft) : removeEntry(draft, edit.key);

/** The draft with a touchpoint's tags replaced (any group, either side of a pair). */
export const setTouchpointTags = (draft: JourneyFilterDraft, key: string, tags: ReadonlyArray<string>): JourneyFilterDraft => {
  const set = (t: DraftTouchpoint): DraftTouchpoint => (t.key === key ? { key, tags } : t);
  return {
    ...draft,
    first: draft.first.map(set),
    last: draft.last.map(set),
    anywhere: draft.anywhere.map(set),
    comparison: draft.comparison.map((c) => ({ ...c, before: set(c.before), after: set(c.after) })),
  };
};

export const setImmediately = (draft: JourneyFilterDraft, key: string, immediately: boolean): JourneyFilterDraft => ({
  ...draft,
  comparison: draft.comparison.map((c) => (c.key === key ? { ...c, immediately } : c)),
});

export const setConnector = (draft: JourneyFilterDraft, connector: AnywhereConnector): JourneyFilterDraft => ({
  ...draft,
  anywhere_connector: connector,
});

/** The keys of the touchpoints in `after` that `before` lacks, and of those `before` has that `after` lacks. */
export const touchpointChanges = (
  before: JourneyFilterDraft,
  after: JourneyFilterDraft,
): { readonly added: ReadonlyArray<DraftTouchpoint>; readonly removed: ReadonlyArray<string> } => {
  const had = new Set(draftTouchpoints(before).map((t) => t.key));
  const has = new Set(draftTouchpoints(after).map((t) => t.key));
  return {
    added: draftTouchpoints(after).filter((t) => !had.has(t.key)),
    removed: [...had].filter((k) => !has.has(k)),
  };
};

// ---------------------------------------------------------------------------------------
// The tag input

/**
 * The values offered for the next tag: the distinct values of the next level among the
 * taxonomies under the tags so far, by name with 'None' last; none once there are 4 tags.
 */
export const tagOptions = (taxonomies: ReadonlyArray<TaxonomyPath>, tags: ReadonlyArray<string>): ReadonlyArray<string> => {
  const level = taxonomyLevels[tags.length];
  if (level === undefined) return [];
  const values = new Set<string>();
  for (const row of taxonomies) {
    if (tags.every((tag, i) => row[taxonomyLevels[i] ?? level] === tag)) values.add(row[level]);
  }
  return sortReportRows(
    [...values].map((v) => ({ [level]: v })),
    { column: level, direction: "asc" },
  ).map((r) => r[level] ?? "");
};

/** Whether the tag input hides its text box: 4 tags, or nothing but 'None' (or nothing) to offer. */
export const isTagInputHidden = (options: ReadonlyArray<string>): boolean => options.every((o) => o === noneName);

/** The offered values that contain the typed text (case ignored) and are not tags already. */
export const tagSuggestions = (options: ReadonlyArray<string>, tags: ReadonlyArray<string>, text: string): ReadonlyArray<string> => {
  const needle = text.trim().toLocaleLowerCase();
  return options.filter((o) => !tags.includes(o) && o.toLocaleLowerCase().includes(needle));
};

export type TagRejection = "empty" | "duplicate" | "full" | "unknown";

export type TagVerdict =
  | { readonly kind: "accepted"; readonly tag: string }
  | { readonly kind: "rejected"; readonly reason: TagRejection; readonly text: string };

/**
 * Whether typed text becomes the next tag: not empty after trimming, not a tag already,
 * at most 4 tags, and one of the offered values (case ignored; the tag takes the value's
 * own spelling).
 */
export const checkTag = (text: string, tags: ReadonlyArray<string>, options: ReadonlyArray<string>): TagVerdict => {
  const typed = text.trim();
  if (typed === "") return { kind: "rejected", reason: "empty", text: typed };
  if (tags.length >= maxTouchpointTags) return { kind: "rejected", reason: "full", text: typed };
  const folded = typed.toLocaleLowerCase();
  if (tags.some((t) => t.toLocaleLowerCase() === folded)) return { kind: "rejected", reason: "duplicate", text: typed };
  const value = options.find((o) => o === typed) ?? options.find((o) => o.toLocaleLowerCase() === folded);
  return value === undefined ? { kind: "rejected", reason: "unknown", text: typed } : { kind: "accepted", tag: value };
};
