import { describe, expect, it } from "vitest";
import { naturalDate } from "../../../src/services/spend/naturalDate";

describe("naturalDate (chrono-node)", () => {
  it.each<[string, string | null]>([
    ["tomorrow", "2026-03-05"],
    ["3 days ago", "2026-03-01"],
    ["next Friday", "2026-03-13"],
    ["5th of March 2026", "2026-03-05"],
    ["March 7", "2026-03-07"],
    ["not a date", null],
    ["Paid Search", null],
    ["March", null],
    ["2026", null],
    ["32/13/2026", null],
    ["", null],
  ])("%j -> %s (today 2026-03-04)", (text, expected) => {
    expect(naturalDate(text, "2026-03-04")).toBe(expected);
  });
});
