import { describe, expect, it } from "vitest";
import { messageCount, openGroupAtMost, startsCollapsed } from "../../../src/domain/shell/message";
import { dismissedIdsOf, dismissedKey, keptDismissals, withDismissed } from "../../../src/domain/shell/messageDismissals";

describe("the message group", () => {
  it.each([
    [0, false],
    [1, false],
    [2, false],
    [3, true],
    [5, true],
    [40, true],
  ])("%i messages start collapsed: %s", (count, collapsed) => {
    expect(openGroupAtMost).toBe(2);
    expect(startsCollapsed(count)).toBe(collapsed);
  });

  it.each([
    [1, "1 message"],
    [2, "2 messages"],
    [5, "5 messages"],
    [0, "0 messages"],
  ])("%i reads '%s'", (count, text) => {
    expect(messageCount(count)).toBe(text);
  });
});

describe("dismissed messages kept in the browser", () => {
  it.each([
    ["nothing kept", null, []],
    ["an empty array", "[]", []],
    ["ids", "[3,1,2]", [3, 1, 2]],
    ["only whole numbers", '[1,"2",3.5,null,{},4]', [1, 4]],
    ["not an array", '{"1":true}', []],
    ["not JSON", "[1,2", []],
    ["an empty text", "", []],
  ])("reads %s", (_, kept, ids) => {
    expect(dismissedIdsOf(kept)).toEqual(ids);
  });

  it.each([
    ["adds the newest last", [1, 2], 3, [1, 2, 3]],
    ["moves a repeat to the newest", [1, 2, 3], 1, [2, 3, 1]],
    ["starts from none", [], 9, [9]],
  ])("%s", (_, ids, id, expected) => {
    expect(withDismissed(ids, id)).toEqual(expected);
  });

  it(`keeps the newest ${keptDismissals}`, () => {
    const full = Array.from({ length: keptDismissals }, (_, i) => i + 1);
    const next = withDismissed(full, 1000);
    expect(next).toHaveLength(keptDismissals);
    expect(next[0]).toBe(2);
    expect(next[keptDismissals - 1]).toBe(1000);
  });

  it("a key per API and user", () => {
    const keys = new Set([dismissedKey("/api", 1), dismissedKey("/api", 2), dismissedKey("https://api.example.com/api", 1)]);
    expect(keys.size).toBe(3);
  });
});
