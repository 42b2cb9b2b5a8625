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

  it("forgets oldest first long past its bound, as a plain list of ids in the order kept does", () => {
    // The reference: every id in a list, oldest first, each pending or kept; the index must answer every claim as it does.
    const bound = 7;
    const list: Array<{ id: string; kept: boolean }> = [];
    const trim = (): void => void list.splice(0, Math.max(0, list.length - bound));
    const reference = {
      claim: (id: string): string => {
        const found = list.find((entry) => entry.id === id);
        if (found) return found.kept ? "duplicate" : "pending";
        list.push({ id, kept: false });
        trim();
        return "new";
      },
      kept: (id: string): void => void list.filter((entry) => entry.id === id).forEach((entry) => (entry.kept = true)),
      released: (id: string): void => {
        const at = list.findIndex((entry) => entry.id === id && !entry.kept);
        if (at >= 0) list.splice(at, 1);
      },
      remember: (id: string): void => {
        const at = list.findIndex((entry) => entry.id === id);
        if (at >= 0) list.splice(at, 1);
        list.push({ id, kept: true });
        trim();
      },
    };
    const index = createRecentEventIds(bound);
    // A fixed pseudo-random walk over 20 ids (a linear congruential generator), 5,000 steps of all four kinds.
    let seed = 12_345;
    const next = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const answers: Array<readonly [string, string]> = [];
    for (let step = 0; step < 5000; step++) {
      const id = `e${next(20)}`;
      const kind = next(4);
      if (kind === 0) {
        answers.push([index.claim(1, "hit", id).state, reference.claim(id)]);
      } else if (kind === 1) {
        index.kept(1, "hit", [id]);
        reference.kept(id);
      } else if (kind === 2) {
        index.released(1, "hit", [id]);
        reference.released(id);
      } else {
        index.remember(1, "hit", [id]);
        reference.remember(id);
      }
      expect(index.size(1)).toBe(list.length);
    }
    expect(answers.length).toBeGreaterThan(1000);
    expect(answers.filter(([got, wanted]) => got !== wanted)).toEqual([]);
    expect(new Set(answers.map(([got]) => got))).toEqual(new Set(["new", "pending", "duplicate"]));
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
