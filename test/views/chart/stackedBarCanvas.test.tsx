// @vitest-environment jsdom
import { cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StackedBars } from "../../../src/domain/funnel/funnelReport";
import { StackedBarCanvas } from "../../../src/views/chart/StackedBarCanvas";

// jsdom has no canvas: react-chartjs-2's chart is replaced by one that keeps what it is given.
const given: Array<{ type: string; data: { labels: string[]; datasets: Array<Record<string, unknown>> }; options: Record<string, unknown> }> = [];
vi.mock("react-chartjs-2", () => ({
  Chart: (props: (typeof given)[number]) => {
    given.push(props);
    return <canvas />;
  },
}));

afterEach(() => {
  cleanup();
  given.length = 0;
});

const bars = (max: number | null): StackedBars => ({
  names: ["Email", "SEO"],
  stacks: [
    { key: "upper_solo_revenue", label: "Upper Funnel + Solo Revenue", values: [30, 50] },
    { key: "mid_lower_revenue", label: "Mid + Lower Funnel Revenue", values: [70, 50] },
  ],
  max,
});

const draw = (max: number | null, height = 160) =>
  render(<StackedBarCanvas bars={bars(max)} name="Initiator chart" format={(v, key) => `${key}:${v}`} height={height} rowHeader="Taxonomy 1" />);

describe("StackedBarCanvas", () => {
  it("draws one horizontal bar per row with its parts stacked, at the height given", () => {
    const { container } = draw(null, 160);
    const chart = given.at(-1);
    expect(chart?.type).toBe("bar");
    expect(chart?.options["indexAxis"]).toBe("y");
    expect(chart?.data.labels).toEqual(["Email", "SEO"]);
    expect(chart?.data.datasets.map((d) => [d["label"], d["data"], d["stack"]])).toEqual([
      ["Upper Funnel + Solo Revenue", [30, 50], "parts"],
      ["Mid + Lower Funnel Revenue", [70, 50], "parts"],
    ]);
    expect((container.querySelector(".chart-canvas") as HTMLElement).style.height).toBe("160px");
  });

  it.each([
    [100, 100],
    [null, undefined],
  ])("ends the value axis at %s", (max, expected) => {
    draw(max);
    const scales = given.at(-1)?.options["scales"] as { x: { max?: number; stacked: boolean } };
    expect(scales.x.max).toBe(expected);
    expect(scales.x.stacked).toBe(true);
  });

  it("gives screen readers the numbers in a hidden table named like the chart", () => {
    const { getByRole } = draw(null);
    const table = getByRole("table", { name: "Initiator chart" });
    expect(table.className).toBe("visually-hidden");
    const rows = within(table).getAllByRole("row").map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Taxonomy 1", "Upper Funnel + Solo Revenue", "Mid + Lower Funnel Revenue"],
      ["Email", "upper_solo_revenue:30", "mid_lower_revenue:70"],
      ["SEO", "upper_solo_revenue:50", "mid_lower_revenue:50"],
    ]);
  });
});
