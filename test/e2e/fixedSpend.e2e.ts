import { expect, test, type Page } from "./fixtures";
import { signInAs } from "./support";

/** The session's token, program and dates, as the app keeps them (localStorage). */
const sessionOf = async (page: Page): Promise<{ token: string; program: string; from: string; to: string }> =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("attribution.session") ?? "{}") as {
      snapshot?: { context?: { token?: string; programCode?: string; range?: { from?: string; to?: string } } };
    };
    const context = stored.snapshot?.context;
    return { token: context?.token ?? "", program: context?.programCode ?? "", from: context?.range?.from ?? "", to: context?.range?.to ?? "" };
  });

const longCampaign = "A campaign name that runs well past thirty characters";

test("the fixed spend list: opened from the menu, searched, sorted by a header and paged 15 at a time", async ({ page }) => {
  await signInAs(page, "admin");
  const { token, program, from, to } = await sessionOf(page);
  expect(token).not.toBe("");
  expect(from < to).toBe(true);

  // Seventeen configurations of this run inside the session's dates (more than a page).
  const tag = `fl${Date.now().toString(36)}`;
  for (let i = 1; i <= 17; i++) {
    const res = await page.request.post(`/api/programs/${encodeURIComponent(program)}/fixed-costs`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        start_date: from,
        end_date: to,
        taxonomy_1: "Fixed List",
        taxonomy_2: `${tag} row ${String(i).padStart(2, "0")}`,
        taxonomy_3: i === 17 ? longCampaign : "",
        taxonomy_4: "",
        cost: i * 10,
        frequency: "daily",
      },
    });
    expect(res.status()).toBe(200);
  }

  const menu = page.getByRole("navigation", { name: "Main" });
  await menu.getByRole("link", { name: "Fixed Spend", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/costs\/fixed(\?|$)/);
  await expect(page.getByRole("heading", { name: "Fixed Spend", level: 1 })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Fixed Spend", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Data now loads with the selected date range.")).toBeVisible();

  const table = page.getByRole("table", { name: "Fixed Spend" });
  const rows = table.locator("tbody tr.metric-row");
  const pagination = page.getByRole("navigation", { name: "Pagination" });

  // Id descending at first: the newest configuration (this run's 17th) leads, 15 rows a page.
  await expect(table.getByRole("columnheader", { name: "ID" })).toHaveAttribute("aria-sort", "descending");
  await expect(rows).toHaveCount(15);
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText(`${tag} row 17`);

  // Taxonomy 3 is cut after 30 characters; the full text is its tooltip.
  const cut = rows.first().locator(`[title="${longCampaign}"]`);
  await expect(cut).toHaveText(`${Array.from(longCampaign).slice(0, 30).join("")}…`);

  // The search narrows the list to this run's rows, then to one.
  const search = page.getByRole("searchbox", { name: "Search fixed spend" });
  await search.fill(tag);
  await expect(pagination.getByText("1–15 of 17")).toBeVisible();
  await search.fill(`${tag} row 03`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText(`${tag} row 03`);
  await expect(pagination.getByText("1–1 of 1")).toBeVisible();

  // A header click sorts: Cost descending first, then ascending.
  await search.fill(tag);
  const cost = table.getByRole("columnheader", { name: "Cost" });
  await cost.getByRole("button").click();
  await expect(cost).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("columnheader", { name: "ID" })).not.toHaveAttribute("aria-sort", /.+/);
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText(`${tag} row 17`);
  await cost.getByRole("button").click();
  await expect(cost).toHaveAttribute("aria-sort", "ascending");
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText(`${tag} row 01`);

  // Paging: the second page holds the last two.
  await pagination.getByRole("button", { name: "Page 2" }).click();
  await expect(pagination.getByText("16–17 of 17")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText(`${tag} row 16`);
  await expect(pagination.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // Nothing matches: the list's own words.
  await search.fill(`${tag} nowhere`);
  await expect(table.getByText("There are no fixed spend configurations to show")).toBeVisible();
});
