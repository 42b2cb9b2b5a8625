import { describe, expect, it } from "vitest";
import { assign, createActor, setup, type EventObject } from "xstate";
import { journeyFilterGroupLimit, type JourneySearch } from "../../../src/domain/journeys/journeys";
import {
  journeyFilterMachine,
  journeyFilterSelectors,
  tagInputId,
  type JourneyFilterActorRef,
  type JourneyFilterApplied,
} from "../../../src/machines/journeys/journeyFilter.machine";
import { tagInputSelectors, type TagInputActorRef, type TagInputEvent } from "../../../src/machines/journeys/tagInput.machine";
import { filterTaxonomies } from "../../model/journeys/journeyFilterFixtures";

/** A page that keeps the filter open until it closes, and what the filter told it. */
const pageMachine = setup({
  types: {
    context: {} as { applied: JourneySearch[]; filter: JourneySearch },
    events: {} as JourneyFilterApplied | EventObject,
    input: {} as { filter: JourneySearch },
  },
  actors: { journeyFilter: journeyFilterMachine },
  actions: {
    keep: assign(({ context, event }) => ({ applied: [...context.applied, (event as JourneyFilterApplied).filter] })),
  },
}).createMachine({
  context: ({ input }) => ({ applied: [], filter: input.filter }),
  initial: "open",
  states: {
    open: {
      invoke: { id: "filter", src: "journeyFilter", input: ({ context }) => ({ filter: context.filter, taxonomies: filterTaxonomies }), onDone: "shut" },
      on: { "journeys.filter.applied": { actions: "keep" } },
    },
    shut: {},
  },
});

const open = (filter: JourneySearch = {}) => {
  const page = createActor(pageMachine, { input: { filter } }).start();
  const filterRef = page.getSnapshot().children["filter"] as JourneyFilterActorRef;
  const snap = () => filterRef.getSnapshot();
  const tagInput = (key: string) => journeyFilterSelectors.tagInput(key)(snap()) as TagInputActorRef;
  const type = (key: string, ...values: string[]) => {
    for (const text of values) {
      tagInput(key).send({ type: "tagInput.typed", text } satisfies TagInputEvent);
      tagInput(key).send({ type: "tagInput.confirmed" });
    }
  };
  const applied = () => page.getSnapshot().context.applied;
  return { page, filterRef, snap, tagInput, type, applied };
};

describe("journey filter", () => {
  it("opens with one empty touchpoint per group and one pair, each with its tag input", () => {
    const { snap, tagInput } = open();
    const s = snap();
    expect(journeyFilterSelectors.first(s)).toHaveLength(1);
    expect(journeyFilterSelectors.last(s)).toHaveLength(1);
    expect(journeyFilterSelectors.anywhere(s)).toHaveLength(1);
    expect(journeyFilterSelectors.comparison(s)).toHaveLength(1);
    expect(journeyFilterSelectors.connector(s)).toBe("or");
    const keys = [...journeyFilterSelectors.first(s), ...journeyFilterSelectors.last(s), ...journeyFilterSelectors.anywhere(s)].map((t) => t.key);
    const pair = journeyFilterSelectors.comparison(s)[0];
    for (const key of [...keys, pair?.before.key ?? "", pair?.after.key ?? ""]) expect(tagInput(key)).toBeDefined();
    expect(Object.keys(s.children).sort()).toEqual([...keys, pair?.before.key, pair?.after.key].map((k) => tagInputId(k ?? "")).sort());
  });

  it("Close with nothing chosen applies the empty filter and ends", () => {
    const { filterRef, applied, page } = open();
    filterRef.send({ type: "journeyFilter.closed" });
    expect(applied()).toEqual([{}]);
    expect(page.getSnapshot().value).toBe("shut");
  });

  it("opens on the filter in force, whose tags the tag inputs show", () => {
    const filter: JourneySearch = {
      first: [{ taxonomy_one: "Email", taxonomy_two: "Promo" }],
      anywhere: [{ taxonomy_one: "Direct" }],
      anywhere_connector: "and",
      comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "Direct" }, immediately: true }],
    };
    const { snap, tagInput, filterRef, applied } = open(filter);
    const firstKey = journeyFilterSelectors.first(snap())[0]?.key ?? "";
    expect(tagInputSelectors.tags(tagInput(firstKey).getSnapshot())).toEqual(["Email", "Promo"]);
    expect(journeyFilterSelectors.connector(snap())).toBe("and");
    filterRef.send({ type: "journeyFilter.closed" });
    expect(applied()).toEqual([filter]);
  });

  it("applies what the tag inputs chose: first, anywhere and an immediate before/after pair", () => {
    const { snap, type, filterRef, applied } = open();
    const s = snap();
    const pair = journeyFilterSelectors.comparison(s)[0];
    type(journeyFilterSelectors.first(s)[0]?.key ?? "", "Email", "Promo");
    type(journeyFilterSelectors.anywhere(s)[0]?.key ?? "", "Direct");
    type(pair?.before.key ?? "", "Paid Search");
    type(pair?.after.key ?? "", "Email");
    filterRef.send({ type: "journeyFilter.immediatelySet", key: pair?.key ?? "", immediately: true });
    expect(journeyFilterSelectors.request(snap())).toEqual({
      first: [{ taxonomy_one: "Email", taxonomy_two: "Promo" }],
      anywhere: [{ taxonomy_one: "Direct" }],
      anywhere_connector: "or",
      comparison: [{ before: { taxonomy_one: "Paid Search" }, after: { taxonomy_one: "Email" }, immediately: true }],
    });
    filterRef.send({ type: "journeyFilter.closed" });
    expect(applied()).toEqual([journeyFilterSelectors.request(snap())]);
  });

  it("leaves out a pair with one side only", () => {
    const { snap, type, filterRef, applied } = open();
    type(journeyFilterSelectors.comparison(snap())[0]?.before.key ?? "", "Email");
    filterRef.send({ type: "journeyFilter.closed" });
    expect(applied()).toEqual([{}]);
  });

  it("the connector joins the anywhere touchpoints", () => {
    const { snap, type, filterRef, applied } = open();
    filterRef.send({ type: "journeyFilter.touchpointAdded", group: "anywhere" });
    const [one, two] = journeyFilterSelectors.anywhere(snap());
    type(one?.key ?? "", "Email");
    type(two?.key ?? "", "Direct");
    filterRef.send({ type: "journeyFilter.connectorChosen", connector: "and" });
    filterRef.send({ type: "journeyFilter.closed" });
    expect(applied()).toEqual([{ anywhere: [{ taxonomy_one: "Email" }, { taxonomy_one: "Direct" }], anywhere_connector: "and" }]);
  });

  it("adds a touchpoint with its tag input, and removing it stops the input and drops its tags", () => {
    const { snap, type, filterRef, applied } = open();
    filterRef.send({ type: "journeyFilter.touchpointAdded", group: "last" });
    const added = journeyFilterSelectors.last(snap())[1]?.key ?? "";
    expect(journeyFilterSelectors.tagInput(added)(snap())).toBeDefined();
    type(added, "Direct");
    expect(journeyFilterSelectors.request(snap())).toEqual({ last: [{ taxonomy_one: "Direct" }] });
    filterRef.send({ type: "journeyFilter.entryRemoved", key: added });
    expect(journeyFilterSelectors.last(snap())).toHaveLength(1);
    expect(journeyFilterSelectors.tagInput(added)(snap())).toBeUndefined();
    filterRef.send({ type: "journeyFilter.closed" });
    expect(applied()).toEqual([{}]);
  });

  it("removing a pair stops both its tag inputs", () => {
    const { snap, filterRef } = open();
    filterRef.send({ type: "journeyFilter.comparisonAdded" });
    const pair = journeyFilterSelectors.comparison(snap())[1];
    expect(journeyFilterSelectors.tagInput(pair?.before.key ?? "")(snap())).toBeDefined();
    filterRef.send({ type: "journeyFilter.entryRemoved", key: pair?.key ?? "" });
    expect(journeyFilterSelectors.comparison(snap())).toHaveLength(1);
    expect(journeyFilterSelectors.tagInput(pair?.before.key ?? "")(snap())).toBeUndefined();
    expect(journeyFilterSelectors.tagInput(pair?.after.key ?? "")(snap())).toBeUndefined();
  });

  it("a group takes at most the request's limit of entries", () => {
    const { snap, filterRef } = open();
    for (let i = 0; i < journeyFilterGroupLimit + 2; i++) filterRef.send({ type: "journeyFilter.touchpointAdded", group: "first" });
    expect(journeyFilterSelectors.first(snap())).toHaveLength(journeyFilterGroupLimit);
    expect(journeyFilterSelectors.hasRoomIn("first")(snap())).toBe(false);
    expect(journeyFilterSelectors.hasRoomIn("last")(snap())).toBe(true);
  });

  it("ignores tags from a removed touchpoint's input", () => {
    const { snap, filterRef } = open();
    const key = journeyFilterSelectors.first(snap())[0]?.key ?? "";
    filterRef.send({ type: "journeyFilter.entryRemoved", key });
    filterRef.send({ type: "tagInput.changed", key, tags: ["Email"] });
    expect(journeyFilterSelectors.request(snap())).toEqual({});
  });
});
