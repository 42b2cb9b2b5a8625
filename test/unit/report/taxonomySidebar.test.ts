import { describe, expect, it } from "vitest";
import { carriedQuery, sidebarEntries } from "../../../src/domain/report/taxonomySidebar";

const base = "/diminishing-returns";
const level = [
  { name: "Email", children: ["Newsletter"] },
  { name: "Paid / Search", children: [] },
  { name: "None", children: ["x"] },
];

describe("sidebarEntries", () => {
  it("lists the level's values, each choosing its series, Explore only with children, 'None' never linked", () => {
    expect(sidebarEntries(base, [], level, "Email", 3, "")).toEqual({
      parent: null,
      items: [
        { name: "Email", href: "/diminishing-returns/Email", current: true, exploreHref: "/diminishing-returns/taxonomy_one/Email" },
        { name: "Paid / Search", href: "/diminishing-returns/Paid%20%2F%20Search", current: false, exploreHref: null },
        { name: "None", href: null, current: false, exploreHref: null },
      ],
    });
  });

  it.each([
    ["one level down: back to All Channels", ["Email"], { label: "All Channels", href: "/diminishing-returns" }],
    ["two levels down: back to the first value", ["Email", "Newsletter"], { label: "Email", href: "/diminishing-returns/taxonomy_one/Email" }],
  ])("links the parent level, %s", (_name, path, parent) => {
    expect(sidebarEntries(base, path, level, null, 3, "").parent).toEqual(parent);
  });

  it("offers no Explore at the deepest level", () => {
    expect(sidebarEntries(base, ["a", "b", "c"], level, null, 3, "").items.map((i) => i.exploreHref)).toEqual([null, null, null]);
  });

  it("keeps the query but the page", () => {
    expect(sidebarEntries(base, [], level.slice(0, 1), null, 3, "?page=3&untagged=off").items[0]).toMatchObject({
      href: "/diminishing-returns/Email?untagged=off",
      exploreHref: "/diminishing-returns/taxonomy_one/Email?untagged=off",
    });
    expect(carriedQuery("page=2")).toBe("");
  });
});
