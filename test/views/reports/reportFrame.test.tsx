// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportCrumbs } from "../../../src/domain/report/reportCrumbs";
import type { ReportStatus } from "../../../src/domain/report/analysisReportTexts";
import { ReportFrame } from "../../../src/views/reports/ReportFrame";
import { signedInActors, withActors, settle } from "../viewSupport";


const show = async (status: ReportStatus, failure: "silent" | "message" = "message", onRetry?: () => void) => {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200, headers: { "Content-Type": "application/json" } })));
  const actors = await signedInActors();
  render(
    withActors(
      actors,
      <ReportFrame title="Brand Channel Breakdown" crumbs={reportCrumbs("/breakdown", ["None", "Brand"])} status={status} emptyText="No records." failure={failure} onRetry={onRetry}>
        <p>the body</p>
      </ReportFrame>,
    ),
  );
  await settle();
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ReportFrame", () => {
  it("draws the title and the breadcrumbs from 'All Channels', 'None' and the current page unlinked", async () => {
    await show("ready");
    expect(screen.getByRole("heading", { level: 1, name: "Brand Channel Breakdown" })).toBeTruthy();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "All Channels" }).getAttribute("href")).toBe("/breakdown");
    expect(crumbs.queryByRole("link", { name: "None" })).toBeNull();
    expect(crumbs.queryByRole("link", { name: "Brand" })).toBeNull();
    expect(screen.getByText("the body")).toBeTruthy();
    expect(document.title).toBe("Brand Channel Breakdown");
  });

  it.each([
    ["loading", "Loading..."],
    ["waiting", "Loading..."],
    ["empty", "No records."],
  ] as const)("%s says '%s' instead of the body", async (status, words) => {
    await show(status);
    expect(screen.getByRole("status").textContent).toBe(words);
    expect(screen.queryByText("the body")).toBeNull();
  });

  it("a failure says so with 'Try again', or nothing at all where it is silent", async () => {
    const retry = vi.fn();
    await show("failed", "message", retry);
    within(screen.getByRole("alert")).getByRole("button", { name: "Try again" }).click();
    expect(retry).toHaveBeenCalledTimes(1);
    cleanup();
    await show("failed", "silent");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("the body")).toBeNull();
    expect(screen.queryByText("Loading...")).toBeNull();
  });
});
