// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { CardDestination } from "../../../src/domain/connections/connections";
import type { ListAccountsResponse } from "../../../src/domain/connections/connectors";
import { accountSwitcherMachine, type AccountListing, type AccountSwitching } from "../../../src/machines/connections/accountSwitcher.machine";
import type { ConnectionAccess } from "../../../src/machines/connections/connectionAccess";
import { connectionsOverviewMachine } from "../../../src/machines/connections/connectionsOverview.machine";
import { GoogleAdsAccounts } from "../../../src/views/connections/ConnectionPage";
import { ConnectionCards } from "../../../src/views/connections/ConnectionsPage";
import { controlled } from "../../machines/support";
import { httpErrors, quietSessionScopeListener, sessionOf } from "../../model/fixtures";

afterEach(cleanup);

const brand = { accountId: "100-1", account_name: "Brand", active: true };
const paused = { accountId: "100-2", account_name: "Paused", active: false };

const openAccounts = () => {
  const list = controlled<ListAccountsResponse, AccountListing>();
  const switchSync = controlled<Ok, AccountSwitching>();
  const switcher = createActor(
    accountSwitcherMachine.provide({ actors: { listAccounts: list.logic, switchAccountSync: switchSync.logic, sessionScopeListener: quietSessionScopeListener } }),
    { input: { session: sessionOf(), consent: null } },
  ).start();
  render(<GoogleAdsAccounts switcher={switcher} />);
  return { list, switchSync, switcher };
};

describe("GoogleAdsAccounts", () => {
  it("lists the accounts with Enable or Disable, and switches one in place", async () => {
    const { list, switchSync } = openAccounts();
    expect(screen.getByText("Loading ad accounts…")).toBeTruthy();
    await act(() => list.resolve([brand, paused]));
    const table = screen.getByRole("table", { name: "Google Ads accounts" });
    const row = within(table).getByText("Paused").closest("tr") as HTMLElement;
    expect(within(row).getByText("Disabled")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Enable Paused" }));
    expect((within(table).getByRole("button", { name: "Disable Brand" }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => switchSync.resolve({ ok: true }));
    expect(within(row).getByRole("button", { name: "Disable Paused" })).toBeTruthy();
    expect(within(row).getByText("Enabled")).toBeTruthy();
  });

  it("says a failed switch and keeps the account as it was", async () => {
    const { list, switchSync } = openAccounts();
    await act(() => list.resolve([brand]));
    fireEvent.click(screen.getByRole("button", { name: "Disable Brand" }));
    await act(() => switchSync.reject(httpErrors.server));
    expect(screen.getByRole("alert").textContent).toBe("Brand could not be disabled; it is still enabled.");
    expect(screen.getByRole("button", { name: "Disable Brand" })).toBeTruthy();
  });

  it("shows the empty message, the sign-in prompt, and the refusal or failure with its way back", async () => {
    const empty = openAccounts();
    await act(() => empty.list.resolve([]));
    expect(screen.getByText("This account has a search-ads connection, but no ad accounts were found.")).toBeTruthy();
    cleanup();

    const prompt = openAccounts();
    await act(() => prompt.list.resolve({ redirect_to: "http://app.test/connectors/consent/google-ads?state=s&user=1" }));
    expect(screen.getByRole("link", { name: "Sign in with Google" }).getAttribute("href")).toBe("http://app.test/connectors/consent/google-ads?state=s&user=1");
    expect(screen.queryByRole("table")).toBeNull();
    cleanup();

    const failing = openAccounts();
    await act(() => failing.list.reject(httpErrors.unauthorized));
    expect(screen.getByRole("alert").textContent).toContain("The ad accounts could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(failing.list.calls).toHaveLength(2);
  });
});

describe("ConnectionCards", () => {
  const openCards = () => {
    const check = controlled<ListAccountsResponse, ConnectionAccess>();
    const opened: Array<CardDestination | null> = [];
    const overview = createActor(
      connectionsOverviewMachine.provide({
        actors: { checkGoogleAds: check.logic, sessionScopeListener: quietSessionScopeListener },
        actions: { openDestination: (_, destination: CardDestination | null) => opened.push(destination) },
      }),
      { input: { session: sessionOf() } },
    ).start();
    render(<ConnectionCards overview={overview} />);
    return { check, opened };
  };

  it("shows the four cards with their states; Add on the affiliate network shows the notice", async () => {
    const { check, opened } = openCards();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Google Ads", "Facebook", "Microsoft Advertising", "Affiliate Network"]);
    expect(screen.getByText("Checking…")).toBeTruthy();
    await act(() => check.resolve([brand, paused]));
    expect(screen.getByText("Connected: 1 of 2 ad accounts enabled")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add Google Ads" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add Affiliate Network" }));
    expect(screen.getByRole("dialog").textContent).toContain("Account manager required: Please contact your account manager to setup this connection.");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opened).toEqual([]);
  });

  it("asks 'Are you sure you want to edit this connection' with No and Yes", async () => {
    const { check, opened } = openCards();
    await act(() => check.resolve({ redirect_to: "http://x/consent" }));
    expect(screen.getByText("Not connected")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit Facebook" }));
    const question = screen.getByRole("dialog", { name: "Are you sure you want to edit this connection" });
    expect(within(question).getAllByRole("button").map((b) => b.textContent)).toEqual(["No", "Yes"]);
    fireEvent.click(within(question).getByRole("button", { name: "Yes" }));
    expect(opened).toEqual([{ kind: "external", url: "/connectors/facebook/connect?svid=1", newTab: false }]);
    fireEvent.click(screen.getByRole("button", { name: "Add Microsoft Advertising (opens in a new tab)" }));
    expect(opened[1]).toEqual({ kind: "external", url: "/connectors/microsoft-ads/connect?svid=1", newTab: true });
  });
});
