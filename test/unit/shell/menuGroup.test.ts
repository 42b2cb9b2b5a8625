import { describe, expect, it } from "vitest";
import { groupedEntries, menuGroups, type MenuGroup } from "../../../src/domain/shell/menuGroup";

const entry = (label: string, group: MenuGroup) => ({ label, group });
const shape = (entries: ReadonlyArray<{ label: string; group: MenuGroup }>) => groupedEntries(entries).map((s) => [s.group, s.entries.map((e) => e.label)]);

describe("groupedEntries", () => {
  it.each([
    { case: "no entries", entries: [], sections: [] },
    { case: "one group", entries: [entry("a", "Reports"), entry("b", "Reports")], sections: [["Reports", ["a", "b"]]] },
    {
      case: "groups in menu order whatever the entries' order",
      entries: [entry("x", "Admin"), entry("y", "Account"), entry("z", "Reports"), entry("w", "Analysis")],
      sections: [["Reports", ["z"]], ["Analysis", ["w"]], ["Account", ["y"]], ["Admin", ["x"]]],
    },
    {
      case: "entries keep their order inside a group, interleaved or not",
      entries: [entry("b", "Analysis"), entry("a", "Reports"), entry("c", "Analysis"), entry("d", "Reports")],
      sections: [["Reports", ["a", "d"]], ["Analysis", ["b", "c"]]],
    },
    { case: "an empty group is left out", entries: [entry("a", "Reports"), entry("b", "Admin")], sections: [["Reports", ["a"]], ["Admin", ["b"]]] },
  ])("$case", ({ entries, sections }) => {
    expect(shape(entries)).toEqual(sections);
  });

  it("the groups are Reports, Analysis, Account, Admin and Help, in that order", () => {
    expect(menuGroups).toEqual(["Reports", "Analysis", "Account", "Admin", "Help"]);
  });
});
