import { expect, test } from "./fixtures";
import { signInAs } from "./support";

test("messages are shown sanitised and can be dismissed for good", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInAs(page, "demo");
  const area = page.getByRole("region", { name: "Messages" });
  await expect(area).toBeVisible();
  // The messages are a group behind its 'n messages' line (collapsed with more than two).
  const group = area.getByRole("button", { name: /^\d+ messages?$/ });
  if ((await group.getAttribute("aria-expanded")) === "false") await group.click();
  const notes = area.getByRole("note");
  const count = await notes.count();
  expect(count).toBeGreaterThan(1);

  // On a phone's width every message reads whole: none is cut with '…' (there is no pointer to hover it).
  await page.setViewportSize({ width: 390, height: 844 });
  const cut = await notes.locator(".notification-text").evaluateAll((texts) => texts.filter((t) => t.scrollWidth > t.clientWidth + 1).length);
  expect(cut).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // No script or event handler from message HTML survives.
  expect(await area.locator("[onerror], [onclick], script, iframe").count()).toBe(0);
  expect(dialogs).toEqual([]);

  const first = notes.first();
  const text = (await first.innerText()).trim();
  await first.getByRole("button", { name: "Dismiss message" }).click();
  await expect(notes).toHaveCount(count - 1);
  await expect(area.getByText(text.slice(0, 20), { exact: false })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Performance Report" })).toBeVisible();
  await expect(group).toHaveText(`${count - 1} messages`);
  if ((await group.getAttribute("aria-expanded")) === "false") await group.click();
  await expect(page.getByRole("region", { name: "Messages" }).getByRole("note")).toHaveCount(count - 1);
});

test("a recording of the session's events can be saved from the app", async ({ page }) => {
  await signInAs(page, "demo");
  // A QA tool: shown with the ?debug switch.
  await page.goto("/performance?debug");
  await page.getByLabel("Program").selectOption("bluepeak");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save recording" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^event-recording-.*\.json$/);
  const text = await (await file.createReadStream()).toArray();
  const recording = JSON.parse(Buffer.concat(text).toString("utf8")) as { entries: { actor: string; event: { type: string } }[] };
  const types = recording.entries.map((e) => e.event.type);
  expect(types).toContain("session.programSelected");
});
