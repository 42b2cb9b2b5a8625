import { describe, expect, it } from "vitest";
import { createRecentEventIds, type EventIdKind, type RecentEventIds } from "../../../server/engine/recentEventIds";

/** A step against the index: a claim and the state it must find, or a settlement of earlier claims. */
type Step =
  | { readonly claim: string; readonly kind?: EventIdKind; readonly program?: number; readonly finds: "new" | "duplicate" | "pending" }
  | { readonly kept: ReadonlyArray<string>; readonly kind?: EventIdKind; readonly program?: number }
  | { readonly released: ReadonlyArray<string>; readonly kind?: EventIdKind; readonly program?: number }
  | { readonly remember: ReadonlyArray<string>; readonly kind?: EventIdKind; readonly program?: number };

const play = (index: RecentEventIds, steps: ReadonlyArray<Step>): ReadonlyArray<string> =>
  steps.flatMap((step) => {
    const program = step.program ?? 1;
    const kind = step.kind ?? "hit";
    if ("claim" in step) return [index.claim(program, kind, step.claim).state];
    if ("kept" in step) index.kept(program, kind, step.kept);
    else if ("released" in step) index.released(program, kind, step.released);
    else index.remember(program, kind, step.remember);
    return [];
  });

describe("the index of recent event ids", () => {
  it.each<{ readonly name: string; readonly bound?: number; readonly steps: ReadonlyArray<Step> }>([
    {
      name: "a new id is claimed; sent again before its fsync it waits; after, it is a duplicate",
      steps: [
        { claim: "a", finds: "new" },
        { claim: "a", finds: "pending" },
        { kept: ["a"] },
        { claim: "a", finds: "duplicate" },
      ],
    },
    {
      name: "an id whose record was refused is free again",
      steps: [{ claim: "a", finds: "new" }, { released: ["a"] }, { claim: "a", finds: "new" }],
    },
    {
      name: "a release never frees an id already on disk",
      steps: [{ claim: "a", finds: "new" }, { kept: ["a"] }, { released: ["a"] }, { claim: "a", finds: "duplicate" }],
    },
    {
      name: "programs and kinds keep their ids apart, as the warehouse's tables do",
      steps: [
        { claim: "a", finds: "new" },
        { kept: ["a"] },
        { claim: "a", program: 2, finds: "new" },
        { claim: "a", kind: "visitor", finds: "new" },
      ],
    },
    {
      name: "ids remembered from the warehouse or the log are duplicates",
      steps: [{ remember: ["w1", "w2"] }, { claim: "w1", finds: "duplicate" }, { claim: "w3", finds: "new" }],
    },
    {
      name: "past the bound the oldest ids are forgotten first (the loader's store still keeps each once)",
      bound: 2,
      steps: [
        { remember: ["a", "b"] },
        { claim: "c", finds: "new" },
        { kept: ["c"] },
        { claim: "a", finds: "new" },
        { claim: "c", finds: "duplicate" },
      ],
    },
  ])("$name", ({ bound, steps }) => {
    const expected = steps.flatMap((step) => ("claim" in step ? [step.finds] : []));
    expect(play(createRecentEventIds(bound), steps)).toEqual(expected);
  });

  it("holds at most its bound a program", () => {
    const index = createRecentEventIds(3);
    index.remember(1, "hit", ["a", "b", "c", "d", "e"]);
    index.claim(1, "hit", "f");
    expect([index.size(1), index.size(2)]).toEqual([3, 0]);
  });

  it("lets a waiting claim go once the first is settled, whichever way", async () => {
    const index = createRecentEventIds();
    index.claim(1, "hit", "a");
    index.claim(1, "hit", "b");
    const waits = [index.claim(1, "hit", "a"), index.claim(1, "hit", "b")].map((claim) => (claim.state === "pending" ? claim.settled : Promise.reject(new Error(claim.state))));
    index.kept(1, "hit", ["a"]);
    index.released(1, "hit", ["b"]);
    await Promise.all(waits);
    expect([index.claim(1, "hit", "a").state, index.claim(1, "hit", "b").state]).toEqual(["duplicate", "new"]);
  });
});
