import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "./fixtures";
import { recordViolations } from "./contentSecurityViolations";
import { signInAs } from "./support";
import { paths, publicPaths } from "../../src/views/shell/routePaths";
import { menuRoutes } from "../../src/views/shell/menuRoutes";
import { accountScreens } from "../../src/views/account/accountScreens";
import { reportScreens } from "../../src/views/reports/reportScreens";

/**
 * Accessibility held at zero serious or critical axe-core findings on every route of the
 * app's route tables and on the dialogs that matter, signed in as an admin with the demo
 * data; and no page wider than the screen, on a phone and on a desktop. Three tests over one
 * page each (the desktop walk's routes shared out between two of them, which workers run side
 * by side), screens opened inside the app (no page loads), for the suite's time budget.
 */

/** An example value for each route parameter of the tables; a new parameter must be given one here. */
const exampleParams: Readonly<Record<string, string>> = { spend: "create", connection: "google-ads" };
/** The id an identified report screen (`/custom-reports/{id}`, `/reports/view/{id}`) is opened with: the demo's saved report. */
const exampleId = "1";

const withParams = (path: string): string =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const value = exampleParams[name];
    if (value === undefined) throw new Error(`no example value for the route parameter '${name}' of ${path}`);
    return value;
  });

/** Every signed-in route of the route tables (menu, account screens, reports, named paths), once each. */
const signedInRoutes: ReadonlyArray<string> = [
  ...new Set([
    paths.performance,
    paths.accountProfile,
    ...menuRoutes.map((r) => r.path),
    ...accountScreens.map((s) => withParams(s.path)),
    ...reportScreens.map((s) => (s.identified ? `${s.base}/${exampleId}` : s.base)),
    ...Object.values(paths).filter((p) => p !== paths.home && !publicPaths.includes(p)),
  ]),
];

/** The signed-out routes worth a look (/logout only signs out; /setup answers only a server without accounts). */
const signedOutRoutes: ReadonlyArray<string> = [paths.login, paths.recoverPassword, "/reset-password/not-a-token"];

/** Requests the page has under way, so a screen is judged only once it has settled. */
const trackRequests = (page: Page): (() => number) => {
  let open = 0;
  page.on("request", () => (open += 1));
  page.on("requestfinished", () => (open -= 1));
  page.on("requestfailed", () => (open -= 1));
  return () => open;
};

/** Opens a path inside the app (its router follows history), as a click on a link does. */
const openInApp = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
};

/** Waits until the screen has a heading, nothing says it is loading or busy, and no request has been under way for a moment. */
const settle = async (page: Page, openRequests: () => number, where: string): Promise<void> => {
  await expect(page.getByRole("heading", { level: 1 }).first(), `${where} has its heading`).toBeVisible();
  await expect(page.locator("[aria-busy='true'], .loading"), `${where} has finished loading`).toHaveCount(0);
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (openRequests() > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 120;
      },
      { message: `${where} has no request under way`, intervals: [50] },
    )
    .toBe(true);
};

/**
 * Rules held at zero whatever their impact: the experimental rule axe leaves off unless asked
 * (a control's visible words inside its name), and the lesser findings once found here.
 */
const enabledRules = { "label-content-name-mismatch": { enabled: true } };
const heldRules: ReadonlyArray<string> = ["empty-table-header", "landmark-unique", "aria-allowed-role", "label-content-name-mismatch"];

/** axe-core's serious and critical findings on the page (and those of the held rules), one line each: where, rule, target. */
const findingsOn = async (page: Page, where: string): Promise<string[]> => {
  // Run in the page itself (no blank page opened for each run), reporting violations only.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"], rules: enabledRules }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || heldRules.includes(v.id))
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact ?? "?"}) at ${n.target.join(" ")}`));
};

/** How far the page runs past the screen's right edge, in pixels (0 when it fits). */
const overflowOf = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether a box lies inside the screen sideways. */
const insideScreen = async (page: Page, locator: Locator): Promise<boolean> => {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
};

/** Notes what runs past the screen's right edge at the page's current width. */
const wideOnes = (page: Page) => {
  const wide: string[] = [];
  return {
    wide,
    measure: async (where: string) => {
      const over = await overflowOf(page);
      if (over > 0) wide.push(`${where} at ${page.viewportSize()?.width ?? 0} px: ${over} px wider than the screen`);
    },
  };
};

/** A walk at 1440 × 900: axe-core's findings and the Content Security Policy's violations on each screen, and what is too wide. */
const desktopWalk = async (page: Page) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const openRequests = trackRequests(page);
  const { wide, measure } = wideOnes(page);
  const findings: string[] = [];
  // Each screen with its charts, tags and dialogs drawn sets its styles through the CSSOM, none inline: the Content
  // Security Policy reports no violation anywhere on the walk.
  const violations = await recordViolations(page);
  const violationsOn = (where: string) => violations().map((v) => `${where}: ${v.directive} blocked ${v.blocked} at ${v.source} (${v.sample})`);
  /** The findings and violations on what is shown now (a screen, or a dialog open over one). */
  const look = async (where: string) => {
    findings.push(...(await findingsOn(page, where)), ...violationsOn(where));
  };
  /** Judges the screen now shown: its findings, its violations, its width. */
  const judge = async (where: string) => {
    await look(where);
    await measure(where);
  };
  return {
    openRequests,
    wide,
    look,
    judge,
    /** Opens each signed-in route inside the app and judges it. */
    signedIn: async (routes: ReadonlyArray<string>) => {
      for (const path of routes) {
        await openInApp(page, path);
        await settle(page, openRequests, path);
        await judge(path);
      }
    },
    /** What the walk found, every finding and every page too wide, asserted at its end. */
    expectNone: () => {
      expect(findings, `serious or critical axe-core findings and Content Security Policy violations:\n${findings.join("\n")}`).toEqual([]);
      expect(wide, `wider than the screen:\n${wide.join("\n")}`).toEqual([]);
    },
  };
};

// The walks share the routes out between two tests, which the workers run side by side.
test.describe.configure({ mode: "parallel" });

const half = Math.ceil(signedInRoutes.length / 2);

test("the signed-out routes and the first half of the signed-in ones: no serious or critical axe-core finding, no Content Security Policy violation; none wider than a 1440 px screen", async ({ page }) => {
  const walk = await desktopWalk(page);
  for (const path of signedOutRoutes) {
    await page.goto(path);
    await settle(page, walk.openRequests, path);
    await walk.judge(path);
  }
  await signInAs(page, "admin");
  await walk.signedIn(signedInRoutes.slice(0, half));
  walk.expectNone();
});

test("the second half of the signed-in routes and the open dialogs: no serious or critical axe-core finding, no Content Security Policy violation; none wider than a 1440 px screen", async ({ page }) => {
  const walk = await desktopWalk(page);
  const { openRequests, wide, look } = walk;
  await signInAs(page, "admin");
  await walk.signedIn(signedInRoutes.slice(half));

  // The Fixed Spend list shows every column at 1440 px: none behind a sideways scroll.
  await openInApp(page, paths.fixedSpend);
  await settle(page, openRequests, paths.fixedSpend);
  const fixedList = page.locator(".metric-table-wrap").filter({ has: page.getByRole("table", { name: "Fixed Spend", exact: true }) });
  const hidden = await fixedList.evaluate((el) => el.scrollWidth - el.clientWidth);
  if (hidden > 0) wide.push(`the Fixed Spend list at 1440 px: ${hidden} px of columns behind a sideways scroll`);

  // The dialogs: the date picker, the export dialog, a confirmation, the journey filter with its suggestions.
  await openInApp(page, paths.performance);
  await settle(page, openRequests, paths.performance);
  await page.getByRole("button", { name: /^Date range:/ }).click();
  const datePicker = page.getByRole("group", { name: "Choose a date range" });
  await expect(datePicker).toBeVisible();
  await look("the date range picker");
  await page.keyboard.press("Escape");
  await expect(datePicker).toBeHidden();

  await page.getByRole("toolbar", { name: "Table controls" }).getByRole("button", { name: "Export Data" }).click();
  const exportDialog = page.getByRole("dialog", { name: "Export Data" });
  await expect(exportDialog).toBeVisible();
  await look("the Export Data dialog");
  await page.keyboard.press("Escape");
  await expect(exportDialog).toBeHidden();

  await openInApp(page, paths.variableSpend);
  await settle(page, openRequests, paths.variableSpend);
  await page.getByRole("button", { name: /^Delete variable spend \d+$/ }).first().click();
  const question = page.getByRole("dialog", { name: "Are you sure you want to remove this spend configuration?" });
  await expect(question).toBeVisible();
  await look("the delete confirmation");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();

  await openInApp(page, "/journeys");
  await settle(page, openRequests, "/journeys");
  await page.getByRole("button", { name: "Filter Journey" }).click();
  const filter = page.getByRole("dialog", { name: "Journey Path Filter" });
  await expect(filter).toBeVisible();
  await filter.getByRole("combobox", { name: "First touchpoint 1", exact: true }).fill("Paid");
  await expect(filter.getByRole("option").first()).toBeVisible();
  await look("the journey path filter");

  walk.expectNone();
});

test("at 390 × 844 no route is wider than the screen, the pickers open whole, and a table with more columns says so", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const openRequests = trackRequests(page);
  const { wide, measure } = wideOnes(page);

  await signInAs(page, "admin");
  for (const path of signedInRoutes) {
    await openInApp(page, path);
    await settle(page, openRequests, path);
    await measure(path);
  }

  // The performance table shows two columns of many: its frame marks the edge where more lie.
  await openInApp(page, paths.performance);
  await settle(page, openRequests, paths.performance);
  const levelOne = page.locator(".metric-table-frame").filter({ has: page.getByRole("table", { name: "Taxonomy 1", exact: true }) });
  await expect(levelOne, "a cue at the edge of a table with more columns").toHaveAttribute("data-more-columns", "true");
  await levelOne.locator(".metric-table-wrap").evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
  await expect(levelOne, "no cue once the last column is in view").not.toHaveAttribute("data-more-columns");

  // Both date pickers open inside the screen, Apply in view.
  await page.getByRole("button", { name: /^Date range:/ }).click();
  const datePicker = page.getByRole("group", { name: "Choose a date range" });
  await expect(datePicker).toBeVisible();
  if (!(await insideScreen(page, datePicker))) wide.push("the date range picker runs past the screen");
  if (!(await insideScreen(page, datePicker.getByRole("button", { name: "Apply" })))) wide.push("the date range picker's Apply is cut off");
  await page.keyboard.press("Escape");
  const controls = page.getByRole("toolbar", { name: "Table controls" });
  await controls.getByRole("switch", { name: "Compare" }).click();
  await controls.getByRole("button", { name: /^Comparison dates/ }).click();
  const comparison = page.getByRole("group", { name: "Comparison dates" });
  await expect(comparison).toBeVisible();
  if (!(await insideScreen(page, comparison))) wide.push("the comparison picker runs past the screen");
  if (!(await insideScreen(page, comparison.getByRole("button", { name: "Apply" })))) wide.push("the comparison picker's Apply is cut off");
  await page.keyboard.press("Escape");
  await controls.getByRole("switch", { name: "Compare" }).click();

  // The batch import's Configuration step, on a phone and on a desktop.
  await openInApp(page, paths.fixedSpendBatch);
  await settle(page, openRequests, paths.fixedSpendBatch);
  const csv = ["Cost Date,End Date,Taxonomy 1,Taxonomy 2,Taxonomy 3,Taxonomy 4,Cost", "2026-01-05,2026-01-31,Wide Channel,Wide Source,Wide Campaign,Wide Keyword,120.50"].join("\r\n");
  await page.getByLabel("Choose a .csv or .xlsx file").setInputFiles({ name: "wide.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf-8") });
  await expect(page.getByRole("region", { name: "Options" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("region", { name: "Configuration" })).toBeVisible();
  await measure("the batch import's Configuration step");
  await page.setViewportSize({ width: 1440, height: 900 });
  await measure("the batch import's Configuration step");

  expect(wide, `wider than the screen:\n${wide.join("\n")}`).toEqual([]);
});
