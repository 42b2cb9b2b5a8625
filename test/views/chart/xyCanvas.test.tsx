// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { XYCanvas, type XYDataset } from "../../../src/views/chart/XYCanvas";

// jsdom has no canvas: react-chartjs-2's chart is replaced by one that keeps what it is given.
type Given = { type: string; data: { datasets: Array<Record<string, unknown>> }; options: { scales: Record<string, Record<string, unknown>> } };
const given: Given[] = [];
vi.mock("react-chartjs-2", () => ({
  Chart: (props: Given & { "aria-label": string }) => {
    given.push(props);
    return <canvas aria-label={props["aria-label"]} />;
  },
}));

afterEach(() => {
  cleanup();
  given.length = 0;
});

const axis = { title: "t", format: (v: number) => String(v) };

describe("XYCanvas", () => {
  it("draws a scatter, a solid curve, a dashed extrapolation and a band between two edges", () => {
    const datasets: XYDataset[] = [
      { kind: "band", label: "90% band", colour: "#36E7A6", low: [{ x: 1, y: 1 }], high: [{ x: 1, y: 3 }] },
      { kind: "line", label: "Trendline", colour: "#1f9e70", points: [{ x: 1, y: 2 }] },
      { kind: "line", label: "Extrapolation", colour: "#1f9e70", dashed: true, points: [{ x: 2, y: 2.5 }] },
      { kind: "points", label: "Weeks", colour: "#2799FF", points: [{ x: 1, y: 2.2 }] },
    ];
    const view = render(<XYCanvas datasets={datasets} x={axis} y={axis} name="Weekly spend against revenue" />);
    expect(view.getByLabelText("Weekly spend against revenue")).toBeTruthy();
    const sets = given.at(-1)?.data.datasets ?? [];
    expect(sets.map((s) => s.label)).toEqual(["90% band", "", "Trendline", "Extrapolation", "Weeks"]);
    expect(sets[0]).toMatchObject({ fill: "+1", data: [{ x: 1, y: 3 }] });
    expect(sets[1]).toMatchObject({ fill: false, data: [{ x: 1, y: 1 }] });
    expect(sets[2]).toMatchObject({ showLine: true, borderDash: [] });
    expect(sets[3]).toMatchObject({ showLine: true, borderDash: [6, 4] });
    expect(sets[4]).toMatchObject({ showLine: false, pointRadius: 4 });
  });

  it("stacks bars over periods and keeps a percent axis at 100", () => {
    const datasets: XYDataset[] = ["Solo", "Upper"].map((label) => ({ kind: "bar", label, colour: "#36E7A6", stack: "roles", points: [{ x: 0, y: 1 }] }));
    render(<XYCanvas datasets={datasets} x={axis} y={{ ...axis, max: 100 }} name="Funnel roles" periods />);
    const chart = given.at(-1) as Given;
    expect(chart.data.datasets.map((s) => [s.type, s.stack])).toEqual([["bar", "roles"], ["bar", "roles"]]);
    expect(chart.options.scales.x).toMatchObject({ stacked: true, offset: true });
    expect(chart.options.scales.y).toMatchObject({ stacked: true, max: 100 });
  });
});
