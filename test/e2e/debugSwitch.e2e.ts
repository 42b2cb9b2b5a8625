import { expect, test } from "./fixtures";
import { signInAs } from "./support";

const saveRecording = "Save recording";

test("'Save recording' is absent by default and shows with ?debug for the rest of the session", async ({ page }) => {
  await signInAs(page, "demo");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("button", { name: saveRecording })).toHaveCount(0);

  await page.goto("/performance?debug");
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await expect(banner.getByRole("button", { name: saveRecording })).toBeVisible();

  // It survives navigation inside the app and a reload of a URL without the switch.
  const channel = page.getByRole("table", { name: "Taxonomy 1", exact: true }).getByRole("rowheader").getByRole("link").first();
  await channel.click();
  await expect(page).toHaveURL(/\/performance\/taxonomy_one\//);
  await expect(banner.getByRole("button", { name: saveRecording })).toBeVisible();
  await page.goto("/performance");
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await expect(banner.getByRole("button", { name: saveRecording })).toBeVisible();

  // ?debug=off hides it again.
  await page.goto("/performance?debug=off");
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await expect(page.getByRole("button", { name: saveRecording })).toHaveCount(0);
});

test("'Save recording' holds the report's own actors, by their place in the tree, and the Weekly choice", async ({ page }) => {
  await signInAs(page, "demo");
  await page.goto("/performance?debug");
  const chart = page.getByRole("region", { name: "Performance chart" });
  await expect(chart).toBeVisible();
  await chart.getByRole("button", { name: "Weekly" }).click();
  await expect(chart.getByRole("button", { name: "Weekly" })).toHaveAttribute("aria-pressed", "true");
  const download = page.waitForEvent("download");
  await page.getByRole("banner").getByRole("button", { name: saveRecording }).click();
  const file = await download;
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  const recording = JSON.parse(await readFile(path, "utf8")) as {
    entries: Array<{ actor: string; external: boolean; event: { type: string; interval?: string } }>;
    snapshots: Record<string, { value: unknown }>;
  };
  const places = new Set(recording.entries.map((e) => e.actor));
  expect([...places]).toEqual(expect.arrayContaining(["root", "root/session", "root/performance", "root/performance/chart"]));
  expect(recording.entries).toContainEqual(expect.objectContaining({ actor: "root/performance/chart", external: true, event: { type: "chart.intervalChosen", interval: "week" } }));
  // Every machine of the report is in the saved states, the chart at Weekly.
  expect(Object.keys(recording.snapshots)).toEqual(expect.arrayContaining(["root", "root/session", "root/performance", "root/performance/chart", "root/performance/table", "root/performance/comparison"]));
  expect(recording.snapshots["root/session"]).toMatchObject({ context: { preferences: { interval: "week" } } });
});
