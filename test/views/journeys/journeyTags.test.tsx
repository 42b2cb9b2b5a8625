// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { JourneyTouch } from "../../../src/domain/journeys/journeys";
import { journeyTableRow } from "../../../src/domain/journeys/journeyTable";
import { JourneyTags } from "../../../src/views/journeys/JourneysPage";

afterEach(cleanup);

const touch = (a: string, b = "None", c = "None", d = "None"): JourneyTouch => ({ taxonomy_1: a, taxonomy_2: b, taxonomy_3: c, taxonomy_4: d });
const unclassified = touch("None");

const row = journeyTableRow({
  order_id: "o-1",
  conversion_date: "2026-01-05T10:00:00+00:00",
  order_amount: 10,
  journey_path: [unclassified, touch("Paid Search", "Google Ads"), unclassified, unclassified],
});

const tags = () => within(screen.getByRole("list")).getAllByRole("listitem");

describe("JourneyTags", () => {
  it.each([2, 3, 4] as const)("names unclassified touches 'None' at level %i, never an empty pill", (level) => {
    render(<JourneyTags row={row} level={level} />);
    const names = tags().map((li) => li.querySelector(".journey-tag-name")?.textContent);
    expect(names).toEqual(["None", "Paid Search / Google Ads", "None"]);
    // two unclassified touches in succession: one 'None' tag with its count
    expect(tags()[2]?.getAttribute("title")).toBe("We saw 2 touch-points in succession");
  });
});
