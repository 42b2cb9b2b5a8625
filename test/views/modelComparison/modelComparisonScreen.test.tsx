// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ModelComparisonResponse } from "../../../src/domain/modelComparison/modelComparison";
import { modelComparisonMachine, type ModelComparisonLoadInput } from "../../../src/machines/modelComparison/modelComparison.machine";
import { ModelComparisonScreen } from "../../../src/views/modelComparison/ModelComparisonPage";
import { quietReportScopeListener, sessionOf } from "../../model/fixtures";
import { levelTwo, threeChannels } from "../../model/modelComparison/modelComparisonFixtures";
import { signedInActors, withActors, settle } from "../viewSupport";


const open = async () => {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200, headers: { "Content-Type": "application/json" } })));
  const calls: Array<ModelComparisonLoadInput> = [];
  const report = createActor(
    modelComparisonMachine.provide({
      actors: {
        sessionScopeListener: quietReportScopeListener,
        loadComparison: fromPromise(async ({ input }: { input: ModelComparisonLoadInput }): Promise<ModelComparisonResponse> => {
          calls.push(input);
          return input.call.level === "taxonomy_2" ? levelTwo : threeChannels;
        }),
      },
    }),
    { input: { session: sessionOf(), path: [] } },
  ).start();
  render(withActors(await signedInActors(), <ModelComparisonScreen report={report} />));
  await settle();
  return { report, calls };
};

const table = () => within(screen.getByRole("table", { name: "Sales and revenue by attribution model" }));
const channels = () => table().getAllByRole("rowheader").map((cell) => cell.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ModelComparisonScreen", () => {
  it("shows every model's sales and revenue side by side, each against last click, sorted by a header", async () => {
    await open();
    const headers = table().getAllByRole("columnheader").map((h) => h.textContent ?? "");
    for (const model of ["First Click", "Last Click", "Linear", "Position based", "Time decay", "Markov", "Shapley"]) {
      expect(headers.some((h) => h.includes(`${model} Revenue`)), model).toBe(true);
    }
    expect(headers.some((h) => h.includes("Markov vs Last Click %"))).toBe(true);
    expect(headers.some((h) => h.includes("Last Click vs Last Click"))).toBe(false);
    expect(channels()).toEqual(["Email", "Display", "None"]);
    fireEvent.click(table().getByRole("button", { name: /Markov Revenue/ }));
    expect(channels()).toEqual(["Display", "Email", "None"]);
  });

  it("says in one line how each model gives credit, and shows the removal effects and the transition matrix with its numbers in the cells", async () => {
    await open();
    const explanations = screen.getByRole("region", { name: "How each model gives credit" });
    expect(within(explanations).getAllByRole("term")).toHaveLength(7);
    const effects = within(screen.getByRole("region", { name: "Markov removal effects" }));
    expect(effects.getByRole("row", { name: /Email/ }).textContent).toContain("66.7");
    const matrix = within(screen.getByRole("table", { name: "The chance of moving from each state (row) to the next (column)" }));
    expect(matrix.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["From", "Email", "Display", "(conversion)", "(null)"]);
    const start = matrix.getByRole("row", { name: /\(start\)/ });
    expect(within(start).getAllByRole("cell").map((c) => c.textContent?.replace(/\s/g, ""))).toEqual(["66.7%", "33.3%", "0.0%", "0.0%"]);
  });

  it("loads the level chosen, and opens the Export Data dialog", async () => {
    const { calls } = await open();
    fireEvent.change(screen.getByLabelText("Level"), { target: { value: "taxonomy_2" } });
    await settle();
    expect(calls.map((c) => c.call.level)).toEqual(["taxonomy_1", "taxonomy_2"]);
    expect(channels()).toEqual(["Email › None", "Display › None", "None › None"]);
    fireEvent.click(screen.getByRole("button", { name: "Export Data" }));
    await settle();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
