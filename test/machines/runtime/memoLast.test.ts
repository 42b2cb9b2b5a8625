import { describe, expect, it } from "vitest";
import { memoLast } from "../../../src/machines/runtime/memoLast";

describe("memoLast", () => {
  const rows = [3, 1, 2];
  const others = [3, 1, 2];
  it.each<[string, ReadonlyArray<[ReadonlyArray<number>, string]>, number]>([
    ["the same arguments again: worked out once", [[rows, "asc"], [rows, "asc"], [rows, "asc"]], 1],
    ["another argument: worked out again", [[rows, "asc"], [rows, "desc"]], 2],
    ["an equal but other array: worked out again (compared with ===)", [[rows, "asc"], [others, "asc"]], 2],
    ["one slot: back to an earlier argument works it out again", [[rows, "asc"], [rows, "desc"], [rows, "asc"]], 3],
  ])("%s", (_, calls, expected) => {
    let computed = 0;
    const sorted = memoLast((values: ReadonlyArray<number>, direction: string) => {
      computed += 1;
      const copy = [...values].sort((a, b) => a - b);
      return direction === "asc" ? copy : copy.reverse();
    });
    const answers = calls.map(([values, direction]) => sorted(values, direction));
    expect(computed).toBe(expected);
    expect(answers.at(-1)).toEqual(calls.at(-1)?.[1] === "asc" ? [1, 2, 3] : [3, 2, 1]);
  });

  it("answers the very same value while the arguments stay", () => {
    const page = memoLast((values: ReadonlyArray<number>) => values.slice(0, 2));
    expect(page(rows)).toBe(page(rows));
  });
});
