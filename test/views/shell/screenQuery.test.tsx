// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assign, setup, type SnapshotFrom } from "xstate";
import { oneOfChoice, pageChoice, readReportQuery, reportQueryLink, type ReportQueryShape } from "../../../src/domain/report/reportQuery";
import { Screen, screenQuery } from "../../../src/views/shell/appChildren";
import { Toasts } from "../../../src/views/shell/Toasts";
import { appActorsWith, withActors } from "../viewSupport";

interface Choices {
  readonly mode: "revenue" | "credit";
  readonly page: number;
}

const shape: ReportQueryShape<Choices> = { mode: oneOfChoice("mode", ["revenue", "credit"], "revenue"), page: pageChoice() };

/** A screen that opens on its link's choices and changes its page, as a report does. */
const pagedScreen = setup({
  types: { context: {} as { choices: Choices }, input: {} as { search: string }, events: {} as { type: "paged"; page: number } },
  actions: { keepPage: assign(({ context }, page: number) => ({ choices: { ...context.choices, page } })) },
}).createMachine({
  id: "pagedScreen",
  context: ({ input }) => ({ choices: readReportQuery(input.search, shape) }),
  on: { paged: { actions: { type: "keepPage", params: ({ event }) => event.page } } },
});
const choicesOf = (s: SnapshotFrom<typeof pagedScreen>): Choices => s.context.choices;

const openAt = (address: string) => {
  window.history.replaceState(null, "", address);
  const actors = appActorsWith();
  const search = window.location.search.replace(/^\?/, "");
  let opened: { send: (event: { type: "paged"; page: number }) => void } | null = null;
  render(
    <StrictMode>
      {withActors(
        actors,
        <>
          <Toasts />
          <Screen name="pagedScreen" routeKey="" logic={pagedScreen} route={{ search }} query={screenQuery(reportQueryLink(shape), choicesOf)}>
            {(ref) => {
              opened = ref;
              return <p>opened</p>;
            }}
          </Screen>
        </>,
      )}
    </StrictMode>,
  );
  return { actors, send: (page: number) => act(() => opened?.send({ type: "paged", page })) };
};

beforeEach(() => window.history.replaceState(null, "", "/"));
afterEach(cleanup);

describe("Screen with a query: the one way a screen reads and writes its URL", () => {
  it("says which of a link's values could not be read, once, and writes the defaults over them", async () => {
    const { actors } = openAt("/report?program=acme&mode=roas&page=0&tab=kept");
    expect(await screen.findByText("opened")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("This link's mode and page could not be read, so the defaults are shown.");
    expect(actors.toasts.getSnapshot().context.queue).toHaveLength(1);
    // The invalid values are dropped from the address; the session's and unknown parameters stay.
    expect(window.location.pathname).toBe("/report");
    expect(window.location.search).toBe("?program=acme&tab=kept");
  });

  it("says nothing for a link it reads whole, and keeps its values", async () => {
    const { actors } = openAt("/report?mode=credit&page=3");
    expect(await screen.findByText("opened")).toBeTruthy();
    expect(actors.toasts.getSnapshot().context.queue).toHaveLength(0);
    expect(window.location.search).toBe("?mode=credit&page=3");
  });

  it("writes every change of the screen's choices into the address, replacing the entry, defaults left out", async () => {
    const { send } = openAt("/report?program=acme#part");
    expect(await screen.findByText("opened")).toBeTruthy();
    const entries = window.history.length;
    send(4);
    expect(window.location.search).toBe("?program=acme&page=4");
    expect(window.location.hash).toBe("#part");
    send(1);
    expect(window.location.search).toBe("?program=acme");
    expect(window.history.length).toBe(entries);
  });
});
