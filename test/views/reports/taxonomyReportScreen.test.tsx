// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assign, setup, type SnapshotFrom } from "xstate";
import { oneOfChoice, readReportQuery, type ReportQueryShape } from "../../../src/domain/report/reportQuery";
import { TaxonomyReportScreen } from "../../../src/views/reports/TaxonomyReportScreen";
import { appActorsWith, withActors } from "../viewSupport";

interface Choices {
  readonly mode: "revenue" | "credit";
}

const shape: ReportQueryShape<Choices> = { mode: oneOfChoice("mode", ["revenue", "credit"], "revenue") };

interface RouteGiven {
  readonly path: ReadonlyArray<string>;
  readonly selected?: string | null;
  readonly search: string;
}

/** A report that keeps what its route gave it and opens on its link's choices. */
const taxonomyReport = setup({
  types: { context: {} as { given: RouteGiven; choices: Choices }, input: {} as RouteGiven, events: {} as { type: "moded"; mode: Choices["mode"] } },
  actions: { keepMode: assign((_, mode: Choices["mode"]) => ({ choices: { mode } })) },
}).createMachine({
  id: "taxonomyReport",
  context: ({ input }) => ({ given: { path: input.path, selected: input.selected, search: input.search }, choices: readReportQuery(input.search, shape) }),
  on: { moded: { actions: { type: "keepMode", params: ({ event }) => event.mode } } },
});
type Report = { getSnapshot: () => SnapshotFrom<typeof taxonomyReport>; send: (event: { type: "moded"; mode: Choices["mode"] }) => void };
const choicesOf = (s: SnapshotFrom<typeof taxonomyReport>): Choices => s.context.choices;

const openAt = async (address: string, route: { readonly path: ReadonlyArray<string>; readonly selected?: string | null }): Promise<Report> => {
  window.history.replaceState(null, "", address);
  let opened: Report | null = null;
  render(
    withActors(
      appActorsWith(),
      <TaxonomyReportScreen name="taxonomyReport" logic={taxonomyReport} path={route.path} selected={route.selected} queryShape={shape} choices={choicesOf}>
        {(report) => {
          opened = report;
          return <p>opened</p>;
        }}
      </TaxonomyReportScreen>,
    ),
  );
  expect(await screen.findByText("opened")).toBeTruthy();
  if (opened === null) throw new Error("the screen did not open");
  return opened;
};

beforeEach(() => window.history.replaceState(null, "", "/"));
afterEach(cleanup);

describe("TaxonomyReportScreen: a taxonomy report's screen under the app's root", () => {
  it("opens the report with the route's path and the URL's query, and no chosen series when the report takes none", async () => {
    const report = await openAt("/funnel/taxonomy_one/Paid?mode=credit", { path: ["Paid"] });
    expect(report.getSnapshot().context.given).toEqual({ path: ["Paid"], selected: undefined, search: "mode=credit" });
    expect(report.getSnapshot().context.choices).toEqual({ mode: "credit" });
  });

  it("gives a series report its chosen series", async () => {
    const report = await openAt("/funnel-trends/Paid?mode=credit", { path: [], selected: "Paid" });
    expect(report.getSnapshot().context.given).toEqual({ path: [], selected: "Paid", search: "mode=credit" });
  });

  it("writes the report's choices into the address", async () => {
    const report = await openAt("/funnel?program=acme", { path: [] });
    act(() => report.send({ type: "moded", mode: "credit" }));
    expect(window.location.search).toBe("?program=acme&mode=credit");
    act(() => report.send({ type: "moded", mode: "revenue" }));
    expect(window.location.search).toBe("?program=acme");
  });
});
