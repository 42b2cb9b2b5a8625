import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { outboxLinks, pathOf, signInAs, waitForNewLink } from "./support";

test("an admin invites a member of one program, who sets a password from the mailed link and sees only that program", async ({ page }) => {
  // A fresh address each run: the server's data outlives a run.
  const who = randomUUID().slice(0, 8);
  const email = `invitee-${who}@example.test`;
  const name = `Invitee ${who}`;

  await signInAs(page, "admin");
  await page.goto("/admin/people");
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
  await page.getByRole("button", { name: "Invite" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox", { name: "Northwind Outfitters" }).check();
  const before = outboxLinks(email).length;
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`An invitation was sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Pending invitations" }).getByRole("row", { name: new RegExp(email) })).toBeVisible();
  const link = await waitForNewLink(email, before);

  await page.goto("/logout");
  await expect(page).toHaveURL(/\/login/);
  await page.goto(pathOf(link));
  await expect(page.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await expect(page.getByText(`You are invited as a member with the email ${email}.`, { exact: false })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
  await page.getByLabel("Retype password").fill("a long enough passphrase");
  await page.getByRole("button", { name: "Accept and sign in" }).click();

  await expect(page).toHaveURL(/\/performance/);
  const programs = page.getByLabel("Program").locator("option");
  await expect(programs).toHaveText(["Northwind Outfitters (GBP)"]);
  await page.goto("/admin/people");
  await expect(page.getByText("You don't have access to admin resources")).toBeVisible();
  await expect(page).toHaveURL(/\/performance/);
});
