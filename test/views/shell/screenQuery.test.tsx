// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assign, setup, type SnapshotFrom } from "xstate";
import { oneOfChoice, pageChoice, pushingHistory, readReportQuery, reportQueryLink, type ReportQueryShape } from "../../../src/domain/report/reportQuery";
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

interface TabChoices {
  readonly tab: "visual" | "tabular";
  readonly page: number;
}

/** A tab pushes a history entry; the page replaces it. */
const tabShape: ReportQueryShape<TabChoices> = { tab: pushingHistory(oneOfChoice("tab", ["visual", "tabular"], "visual")), page: pageChoice() };

type TabEvent = { type: "tabbed"; tab: TabChoices["tab"] } | { type: "paged"; page: number } | { type: "followed"; choices: TabChoices };

/** A screen with a tab and a page that follows the choices Back and Forward bring (`followed`). */
const tabbedScreen = setup({
  types: { context: {} as { choices: TabChoices; followed: number }, input: {} as { search: string }, events: {} as TabEvent },
  actions: {
    keep: assign(({ context }, change: Partial<TabChoices>) => ({ choices: { ...context.choices, ...change } })),
    follow: assign(({ context }, choices: TabChoices) => ({ choices, followed: context.followed + 1 })),
  },
}).createMachine({
  id: "tabbedScreen",
  context: ({ input }) => ({ choices: readReportQuery(input.search, tabShape), followed: 0 }),
  on: {
    tabbed: { actions: { type: "keep", params: ({ event }) => ({ tab: event.tab }) } },
    paged: { actions: { type: "keep", params: ({ event }) => ({ page: event.page }) } },
    followed: { actions: { type: "follow", params: ({ event }) => event.choices } },
  },
});

const tabbedQuery = screenQuery<typeof tabbedScreen, TabChoices>(reportQueryLink(tabShape), (s) => s.context.choices, (choices) => ({ type: "followed", choices }));

const openTabbedAt = (address: string) => {
  window.history.replaceState(null, "", address);
  const search = window.location.search.replace(/^\?/, "");
  let opened: { send: (event: TabEvent) => void; getSnapshot: () => SnapshotFrom<typeof tabbedScreen> } | null = null;
  render(
    <StrictMode>
      {withActors(
        appActorsWith(),
        <Screen name="tabbedScreen" routeKey="" logic={tabbedScreen} route={{ search }} query={tabbedQuery}>
          {(ref) => {
            opened = ref;
            return <p>opened</p>;
          }}
        </Screen>,
      )}
    </StrictMode>,
  );
  return {
    send: (event: TabEvent) => act(() => opened?.send(event)),
    context: () => opened?.getSnapshot().context,
  };
};

/** Back or Forward, once the browser has moved and said so (`popstate`). */
const traverse = (delta: number) =>
  act(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener("popstate", () => resolve(), { once: true });
        window.history.go(delta);
      }),
  );

describe("Screen with a query: history entries and Back / Forward", () => {
  it("pushes an entry for a tab and replaces it for a page; Back and Forward bring the tab back to the screen", async () => {
    const { send, context } = openTabbedAt("/custom?program=acme");
    expect(await screen.findByText("opened")).toBeTruthy();
    const entries = window.history.length;
    send({ type: "paged", page: 2 });
    expect([window.location.search, window.history.length]).toEqual(["?program=acme&page=2", entries]);
    send({ type: "tabbed", tab: "tabular" });
    expect([window.location.search, window.history.length]).toEqual(["?program=acme&page=2&tab=tabular", entries + 1]);
    send({ type: "paged", page: 3 });
    expect([window.location.search, window.history.length]).toEqual(["?program=acme&page=3&tab=tabular", entries + 1]);

    await traverse(-1);
    expect(window.location.search).toBe("?program=acme&page=2");
    expect(context()).toEqual({ choices: { tab: "visual", page: 2 }, followed: 1 });

    await traverse(1);
    expect(window.location.search).toBe("?program=acme&page=3&tab=tabular");
    expect(context()).toEqual({ choices: { tab: "tabular", page: 3 }, followed: 2 });
    // Following the address writes nothing of its own: no entry is added.
    expect(window.history.length).toBe(entries + 1);
  });

  it("replaces the entry when it tidies the link it opened with, even its tab", async () => {
    const entries = window.history.length;
    openTabbedAt("/custom?tab=bogus&page=0");
    expect(await screen.findByText("opened")).toBeTruthy();
    expect(window.location.search).toBe("");
    expect(window.history.length).toBe(entries);
  });

  it("does not follow a move to another path (another screen's address)", async () => {
    const { context } = openTabbedAt("/custom");
    expect(await screen.findByText("opened")).toBeTruthy();
    act(() => window.history.pushState(null, "", "/elsewhere?tab=tabular"));
    await traverse(-1);
    expect(context()).toEqual({ choices: { tab: "visual", page: 1 }, followed: 1 });
    await traverse(1);
    expect(window.location.pathname).toBe("/elsewhere");
    expect(context()).toEqual({ choices: { tab: "visual", page: 1 }, followed: 1 });
  });
});
