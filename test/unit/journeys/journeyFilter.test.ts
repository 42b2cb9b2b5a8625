import { describe, expect, it } from "vitest";
import {
  addComparison,
  addTouchpoint,
  checkTag,
  draftOfSearch,
  draftTouchpoints,
  editDraft,
  hasRoomIn,
  isTagInputHidden,
  removeEntry,
  searchOfDraft,
  setConnector,
  setImmediately,
  setTouchpointTags,
  tagOptions,
  tagSuggestions,
  touchpointChanges,
  touchpointOfTags,
  type JourneyFilterDraft,
  type TagVerdict,
} from "../../../src/domain/journeys/journeyFilter";
import { journeyFilterGroupLimit, type JourneySearch } from "../../../src/domain/journeys/journeys";
import type { TaxonomyPath } from "../../../src/domain/performance/performance";

const row = (a: string, b = "None", c = "None", d = "None"): TaxonomyPath => ({ taxonomy_1: a, taxonomy_2: b, taxonomy_3: c, taxonomy_4: d });
const taxonomies: ReadonlyArray<TaxonomyPath> = [
  row("Paid Search", "Google Ads", "Brand", "Exact"),
  row("Paid Search", "Google Ads", "Generic", "Broad"),
  row("Paid Search", "Bing Ads", "Brand"),
  row("Email", "Newsletter"),
  row("Email", "Promo", "Spring"),
  row("Direct"),
  row("Affiliate", "None", "Cashback"),
];

describe("touchpoint of tags", () => {
  it.each<[ReadonlyArray<string>, object]>([
    [[], {}],
    [["Email"], { taxonomy_one: "Email" }],
    [["Paid Search", "Google Ads", "Brand", "Exact"], { taxonomy_one: "Paid Search", taxonomy_two: "Google Ads", taxonomy_three: "Brand", taxonomy_four: "Exact" }],
    [["a", "b", "c", "d", "e"], { taxonomy_one: "a", taxonomy_two: "b", taxonomy_three: "c", taxonomy_four: "d" }],
  ])("%j names %j", (tags, touchpoint) => {
    expect(touchpointOfTags(tags)).toEqual(touchpoint);
  });
});

describe("the draft of a filter", () => {
  it("gives every empty group one empty entry, the connector or, and distinct keys", () => {
    const draft = draftOfSearch({});
    expect(draft.first.map((t) => t.tags)).toEqual([[]]);
    expect(draft.last.map((t) => t.tags)).toEqual([[]]);
    expect(draft.anywhere.map((t) => t.tags)).toEqual([[]]);
    expect(draft.comparison.map((c) => [c.before.tags, c.after.tags, c.immediately])).toEqual([[[], [], false]]);
    expect(draft.anywhere_connector).toBe("or");
    const keys = draftTouchpoints(draft).map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("keeps the filter's entries, in order, with their tags", () => {
    const search: JourneySearch = {
      first: [{ taxonomy_one: "Email" }, { taxonomy_one: "Paid Search", taxonomy_two: "Bing Ads" }],
      anywhere: [{ taxonomy_one: "Direct" }],
      anywhere_connector: "and",
      comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "Direct" }, immediately: true }],
    };
    const draft = draftOfSearch(search);
    expect(draft.first.map((t) => t.tags)).toEqual([["Email"], ["Paid Search", "Bing Ads"]]);
    expect(draft.anywhere.map((t) => t.tags)).toEqual([["Direct"]]);
    expect(draft.anywhere_connector).toBe("and");
    expect(draft.comparison[0]?.immediately).toBe(true);
    expect(searchOfDraft(draft)).toEqual(search);
  });
});

describe("the request a draft makes", () => {
  const base = draftOfSearch({});
  const key = (d: JourneyFilterDraft, i: number) => draftTouchpoints(d)[i]?.key ?? "";
  const [firstKey, lastKey, anywhereKey, beforeKey, afterKey] = [0, 1, 2, 3, 4].map((i) => key(base, i)) as [string, string, string, string, string];
  const pairKey = base.comparison[0]?.key ?? "";

  it.each<[string, (d: JourneyFilterDraft) => JourneyFilterDraft, JourneySearch]>([
    ["an untouched draft asks for nothing", (d) => d, {}],
    ["the connector alone asks for nothing", (d) => setConnector(d, "and"), {}],
    ["a first touchpoint", (d) => setTouchpointTags(d, firstKey, ["Email", "Promo"]), { first: [{ taxonomy_one: "Email", taxonomy_two: "Promo" }] }],
    ["a last touchpoint", (d) => setTouchpointTags(d, lastKey, ["Direct"]), { last: [{ taxonomy_one: "Direct" }] }],
    [
      "an anywhere touchpoint carries the connector (default or)",
      (d) => setTouchpointTags(d, anywhereKey, ["Direct"]),
      { anywhere: [{ taxonomy_one: "Direct" }], anywhere_connector: "or" },
    ],
    [
      "an anywhere touchpoint with and",
      (d) => setConnector(setTouchpointTags(d, anywhereKey, ["Direct"]), "and"),
      { anywhere: [{ taxonomy_one: "Direct" }], anywhere_connector: "and" },
    ],
    ["a pair with only a before side is left out", (d) => setTouchpointTags(d, beforeKey, ["Email"]), {}],
    ["a pair with only an after side is left out", (d) => setImmediately(setTouchpointTags(d, afterKey, ["Email"]), pairKey, true), {}],
    [
      "a pair with both sides",
      (d) => setImmediately(setTouchpointTags(setTouchpointTags(d, beforeKey, ["Email"]), afterKey, ["Direct"]), pairKey, true),
      { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "Direct" }, immediately: true }] },
    ],
    [
      "empty entries among filled ones are left out",
      (d) => {
        const more = addTouchpoint(addTouchpoint(d, "first"), "first");
        return setTouchpointTags(more, more.first[1]?.key ?? "", ["Direct"]);
      },
      { first: [{ taxonomy_one: "Direct" }] },
    ],
    ["a removed entry is gone", (d) => removeEntry(setTouchpointTags(d, firstKey, ["Direct"]), firstKey), {}],
    ["a removed pair is gone", (d) => removeEntry(setTouchpointTags(setTouchpointTags(d, beforeKey, ["Email"]), afterKey, ["Direct"]), pairKey), {}],
  ])("%s", (_label, edit, expected) => {
    expect(searchOfDraft(edit(base))).toEqual(expected);
  });
});

describe("adding and removing entries", () => {
  it("adds entries with new keys at the end of their group, and pairs unchecked", () => {
    const base = draftOfSearch({});
    const added = addComparison(addTouchpoint(base, "last"));
    expect(added.last).toHaveLength(2);
    expect(added.comparison).toHaveLength(2);
    expect(added.comparison[1]?.immediately).toBe(false);
    const keys = draftTouchpoints(added).map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(touchpointChanges(base, added).added.map((t) => t.key)).toEqual([added.last[1]?.key, added.comparison[1]?.before.key, added.comparison[1]?.after.key]);
    expect(touchpointChanges(base, added).removed).toEqual([]);
  });

  it("an edit is the add or remove it names", () => {
    const base = draftOfSearch({});
    expect(editDraft(base, { kind: "touchpointAdded", group: "anywhere" })).toEqual(addTouchpoint(base, "anywhere"));
    expect(editDraft(base, { kind: "comparisonAdded" })).toEqual(addComparison(base));
    expect(editDraft(base, { kind: "entryRemoved", key: base.first[0]?.key ?? "" })).toEqual(removeEntry(base, base.first[0]?.key ?? ""));
    expect(editDraft(base, { kind: "entryRemoved", key: base.first[0]?.key ?? "" }).first).toEqual([]);
  });

  it("a key is never given twice, even after a removal", () => {
    const base = addTouchpoint(draftOfSearch({}), "first");
    const removed = removeEntry(base, base.first[1]?.key ?? "");
    const again = addTouchpoint(removed, "first");
    expect(again.first[1]?.key).not.toBe(base.first[1]?.key);
    expect(touchpointChanges(removed, again).removed).toEqual([]);
  });

  it("removing a pair removes both of its touchpoints", () => {
    const base = draftOfSearch({});
    const pair = base.comparison[0];
    expect(touchpointChanges(base, removeEntry(base, pair?.key ?? "")).removed).toEqual([pair?.before.key, pair?.after.key]);
  });

  it.each(["first", "last", "anywhere", "comparison"] as const)("%s holds at most the request's limit", (group) => {
    let draft = draftOfSearch({});
    for (let i = 0; i < journeyFilterGroupLimit + 3; i++) draft = group === "comparison" ? addComparison(draft) : addTouchpoint(draft, group);
    expect(draft[group]).toHaveLength(journeyFilterGroupLimit);
    expect(hasRoomIn(draft, group)).toBe(false);
  });
});

describe("the tag input's options", () => {
  it.each<[ReadonlyArray<string>, ReadonlyArray<string>, boolean]>([
    [[], ["Affiliate", "Direct", "Email", "Paid Search"], false],
    [["Paid Search"], ["Bing Ads", "Google Ads"], false],
    [["Paid Search", "Google Ads"], ["Brand", "Generic"], false],
    [["Paid Search", "Google Ads", "Brand"], ["Exact"], false],
    [["Paid Search", "Google Ads", "Brand", "Exact"], [], true],
    [["Email"], ["Newsletter", "Promo"], false],
    [["Email", "Newsletter"], ["None"], true],
    [["Email", "Promo"], ["Spring"], false],
    [["Direct"], ["None"], true],
    [["Affiliate"], ["None"], true],
    [["Paid Search", "Bing Ads", "Brand"], ["None"], true],
    [["Nowhere"], [], true],
  ])("after %j: %j (input hidden: %s)", (tags, options, hidden) => {
    expect(tagOptions(taxonomies, tags)).toEqual(options);
    expect(isTagInputHidden(tagOptions(taxonomies, tags))).toBe(hidden);
  });

  it("puts 'None' last among other values", () => {
    expect(tagOptions([row("Zed"), row("None"), row("Alpha")], [])).toEqual(["Alpha", "Zed", "None"]);
    expect(isTagInputHidden(["Alpha", "None"])).toBe(false);
  });

  it.each<[string, ReadonlyArray<string>, ReadonlyArray<string>]>([
    ["", [], ["Affiliate", "Direct", "Email", "Paid Search"]],
    ["  ", [], ["Affiliate", "Direct", "Email", "Paid Search"]],
    ["e", [], ["Affiliate", "Direct", "Email", "Paid Search"]],
    ["AI", [], ["Email", "Paid Search"]],
    ["ai", ["Email"], ["Paid Search"]],
    ["xyz", [], []],
  ])("suggestions for %j with tags %j: %j", (text, tags, expected) => {
    expect(tagSuggestions(tagOptions(taxonomies, []), tags, text)).toEqual(expected);
  });
});

describe("a typed tag", () => {
  const options = ["Direct", "Email", "Paid Search"];
  it.each<[string, string, ReadonlyArray<string>, TagVerdict]>([
    ["an option", "Email", [], { kind: "accepted", tag: "Email" }],
    ["trimmed", "  Email ", [], { kind: "accepted", tag: "Email" }],
    ["in another case, spelt as the option", "paid search", [], { kind: "accepted", tag: "Paid Search" }],
    ["empty", "", [], { kind: "rejected", reason: "empty", text: "" }],
    ["blank", "   ", [], { kind: "rejected", reason: "empty", text: "" }],
    ["a duplicate", "Email", ["Email"], { kind: "rejected", reason: "duplicate", text: "Email" }],
    ["a duplicate in another case", "email ", ["Email"], { kind: "rejected", reason: "duplicate", text: "email" }],
    ["a fifth", "Email", ["a", "b", "c", "d"], { kind: "rejected", reason: "full", text: "Email" }],
    ["not offered", "Display", [], { kind: "rejected", reason: "unknown", text: "Display" }],
    ["a part of an option", "Ema", [], { kind: "rejected", reason: "unknown", text: "Ema" }],
  ])("%s", (_label, text, tags, verdict) => {
    expect(checkTag(text, tags, options)).toEqual(verdict);
  });
});
