import type { Program } from "../../src/domain/shell/program";
import type {
  AnnotationRow,
  ClassificationRow,
  ColumnSetFavouriteRow,
  ColumnSetRow,
  ConnectorAccountRow,
  CustomReportRow,
  DemoDataSetRow,
  DemoAnalyticsRows,
  DemoFixedCostRow,
  ProgramSettingsRow,
  SeasonalityTagRow,
  SeasonalityTypeRow,
} from "./demoAnalyticsRows";
import { mondayOf } from "../../src/domain/report/configuration";
import { addDays, blackFriday, dayStartMs, daysBetween, firstOfMonth, lastOfMonth, monthDayOf, yearOf } from "./calendar";
import { classificationOf } from "./classificationTree";
import { mulberry32 } from "./prng";
import { catalogues, type ProgramCatalogue } from "./trafficCatalogue";
import { periodBefore, trafficPlanOf, trafficProgramOf, type Period } from "./trafficPlan";

const dayMs = 86_400_000;
const demoUserId = 1;

export interface AnalyticsParameters {
  readonly seed: number;
  readonly scale: number;
  /** The day the database is created (YYYY-MM-DD); the data covers the 400 days before it. */
  readonly today: string;
}

/**
 * The analytics half of the demo data: configuration rows (settings, classification trees,
 * costs, annotations, seasonality, data sets, the custom report, column sets, connector
 * accounts) and the traffic plan the warehouse turns into hits, orders and variable costs.
 */
export const generateDemoAnalytics = (programs: ReadonlyArray<Program>, parameters: AnalyticsParameters): DemoAnalyticsRows => {
  const scale = Math.max(0, parameters.scale);
  const period = periodBefore(parameters.today);
  const random = mulberry32((parameters.seed ^ 0x5eed_da7a) >>> 0);
  const paired = catalogues.flatMap((catalogue) => {
    const program = programs.find((p) => p.id === catalogue.programId);
    return program ? [{ program, catalogue }] : [];
  });

  const trafficPrograms = paired.map(({ program, catalogue }) => trafficProgramOf(catalogue, program.utc_offset, period, scale, random));
  const costs = new Ids();
  const notes = new Ids();
  const seasonality = paired.map(({ catalogue }, i) => seasonalityOf(catalogue, period, i * 10));

  return {
    programSettings: paired.map(({ program }): ProgramSettingsRow => ({
      programId: program.id,
      attributionModel: program.id === 2 ? "position_based" : "linear",
      lookbackDays: 30,
    })),
    classifications: paired.map(({ catalogue }): ClassificationRow => ({
      programId: catalogue.programId,
      tree: JSON.stringify(classificationOf(catalogue)),
      savedAt: dayStartMs(period.firstDay) - 7 * dayMs,
    })),
    fixedCosts: paired.flatMap(({ catalogue }) => fixedCostsOf(catalogue.programId, period, scale, costs)),
    annotations: paired.flatMap(({ catalogue }) => annotationsOf(catalogue, period, notes)),
    seasonalityTypes: seasonality.flatMap((s) => s.types),
    seasonalityTags: seasonality.flatMap((s) => s.tags),
    columnSets,
    columnSetFavourites,
    dataSets: dataSetsOf(paired.map(({ program }) => program.id)),
    customReports: paired.some(({ program }) => program.id === 1) ? [activeReport(period)] : [],
    connectorAccounts,
    traffic: trafficPlanOf(parameters.seed, period, trafficPrograms),
  };
};

const dayOf = (period: Period, index: number): string => addDays(period.firstDay, index);
const lastDayOf = (period: Period): string => dayOf(period, period.days - 1);
const inPeriod = (period: Period, day: string): boolean => daysBetween(period.firstDay, day) >= 0 && daysBetween(day, lastDayOf(period)) >= 0;
const noonOf = (day: string): number => dayStartMs(day) + 12 * 3_600_000;
const money = (amount: number, scale: number): number => Math.max(1, Math.round(amount * scale * 100) / 100);

/** Each year's occurrence of "MM-DD" that falls inside the period. */
const occurrences = (period: Period, monthDay: string): string[] => {
  const years = [yearOf(period.firstDay), yearOf(lastDayOf(period))];
  const days: string[] = [];
  for (let year = years[0] ?? 0; year <= (years[1] ?? 0); year++) days.push(`${year}-${monthDay}`);
  return days.filter((day) => inPeriod(period, day));
};

const blackFridays = (period: Period): string[] =>
  [yearOf(period.firstDay), yearOf(lastDayOf(period))]
    .filter((year, i, all) => all.indexOf(year) === i)
    .map(blackFriday)
    .filter((day) => inPeriod(period, day));

// ---------------------------------------------------------------------------------------
// Fixed costs: every frequency, on taxonomy paths the classification produces.

/** Hands out ids 1, 2, 3, ... across programs. */
class Ids {
  private next = 1;
  take(): number {
    return this.next++;
  }
}

type FixedCostSpec = Omit<DemoFixedCostRow, "id" | "programId" | "createdAt" | "originalFrequency"> & {
  readonly originalFrequency?: DemoFixedCostRow["originalFrequency"];
};

const fixedCostsOf = (programId: number, period: Period, scale: number, ids: Ids): DemoFixedCostRow[] => {
  const first = period.firstDay;
  const last = lastDayOf(period);
  const wholeMonths = { startDate: firstOfMonth(first), endDate: lastOfMonth(last) };
  const wholeYears = { startDate: `${yearOf(first)}-01-01`, endDate: `${yearOf(last)}-12-31` };
  const path = (t1: string, t2: string, t3 = "None", t4 = "None") => ({ taxonomy1: t1, taxonomy2: t2, taxonomy3: t3, taxonomy4: t4 });
  const specs: Record<number, FixedCostSpec[]> = {
    1: [
      { ...path("SEO", "Google Organic"), cost: money(2500, scale), startDate: dayOf(period, 90), endDate: null, frequency: "single" },
      { ...path("Affiliates", "Awin"), cost: money(450, scale), ...wholeMonths, frequency: "monthly" },
      { ...path("Email", "Newsletter"), cost: money(4800, scale), ...wholeYears, frequency: "yearly" },
      { ...path("Paid Social", "Instagram", "Trail Stories"), cost: money(25, scale), startDate: dayOf(period, 200), endDate: dayOf(period, 259), frequency: "daily" },
      { ...path("Paid Search", "Google Ads", "Brand / Generic", "Northwind Brand"), cost: money(6, scale), startDate: first, endDate: last, frequency: "daily" },
      {
        ...path("Display", "Criteo", "Dynamic Retargeting"),
        cost: money(300, scale),
        ...wholeMonths,
        frequency: "monthly",
        originalFrequency: "yearly",
      },
    ],
    2: [
      { ...path("Referral", "Press & Blogs"), cost: money(3000, scale), startDate: dayOf(period, 150), endDate: null, frequency: "single" },
      { ...path("Affiliates", "CJ Affiliate"), cost: money(600, scale), ...wholeMonths, frequency: "monthly" },
      { ...path("Email", "Newsletter"), cost: money(7200, scale), ...wholeYears, frequency: "yearly" },
      {
        ...path("Paid Social", "Pinterest", "Home Inspiration", "Pins – Living Room"),
        cost: money(15, scale),
        startDate: dayOf(period, 250),
        endDate: dayOf(period, 339),
        frequency: "daily",
      },
    ],
    3: [
      { ...path("SEO", "Google Organic"), cost: money(1800, scale), startDate: dayOf(period, 60), endDate: null, frequency: "single" },
      { ...path("Affiliates", "Awin"), cost: money(350, scale), ...wholeMonths, frequency: "monthly" },
      { ...path("Affiliates", "Tradedoubler"), cost: money(200, scale), ...wholeMonths, frequency: "monthly" },
      { ...path("Email", "Automated"), cost: money(3000, scale), ...wholeYears, frequency: "yearly" },
      { ...path("Paid Search", "Google Ads", "Köln Ü", "Filiale Köln"), cost: money(8, scale), startDate: dayOf(period, 320), endDate: dayOf(period, 379), frequency: "daily" },
    ],
  };
  return (specs[programId] ?? []).map((spec) => ({
    ...spec,
    id: ids.take(),
    programId,
    originalFrequency: spec.originalFrequency ?? spec.frequency,
    createdAt: noonOf(spec.startDate),
  }));
};

// ---------------------------------------------------------------------------------------
// Annotations: campaign notes on the days the data shows something (some share a day).

const colours = { red: "#e74c3c", orange: "#f39c12", purple: "#8e44ad", green: "#27ae60", blue: "#2980b9", grey: "#7f8c8d" } as const;

const annotationsOf = (catalogue: ProgramCatalogue, period: Period, ids: Ids): AnnotationRow[] => {
  const last = period.days - 1;
  const at = (share: number): string => dayOf(period, Math.round(share * last));
  const notes: Array<{ day: string; colour: string; text: string }> = [];
  notes.push({ day: at(catalogue.outageShare), colour: colours.red, text: "Checkout outage 14:10–16:40: card payments failed" });
  for (const friday of blackFridays(period)) {
    notes.push({ day: friday, colour: colours.orange, text: "Black Friday campaigns live" });
    notes.push({ day: friday, colour: colours.purple, text: "Homepage takeover & 25% off sitewide" });
    if (inPeriod(period, addDays(friday, 3))) notes.push({ day: addDays(friday, 3), colour: colours.orange, text: "Cyber Monday" });
  }
  for (const day of occurrences(period, "12-20")) notes.push({ day, colour: colours.blue, text: "Last day for Christmas delivery" });
  for (const day of occurrences(period, catalogue.summer.from)) notes.push({ day, colour: colours.green, text: "Summer sale starts" });
  const byProgram: Record<number, Array<{ share: number; colour: string; text: string }>> = {
    1: [
      { share: 0.3, colour: colours.green, text: 'Launched "Merino Base Layers" search campaign' },
      { share: 0.3, colour: colours.grey, text: "New Google Ads account structure (Brand / Generic split)" },
      { share: 0.65, colour: colours.grey, text: "Paused display prospecting; budget moved to Paid Social" },
      { share: 0.9, colour: colours.blue, text: "QR flyers in 40 stores (not yet classified)" },
    ],
    2: [
      { share: 0.2, colour: colours.green, text: "Smart Shopping campaign started" },
      { share: 0.5, colour: colours.grey, text: "New affiliate terms with CJ: 8% commission" },
    ],
    3: [
      { share: 0.4, colour: colours.green, text: "Kontaktlinsen-Abo gestartet (20% Rabatt)" },
      { share: 0.8, colour: colours.grey, text: "Neue Filiale in Köln eröffnet – „Köln Ü“" },
      { share: 0.8, colour: colours.purple, text: "Display-Kampagne pausiert" },
    ],
  };
  for (const note of byProgram[catalogue.programId] ?? []) notes.push({ day: at(note.share), colour: note.colour, text: note.text });
  return notes
    .filter((note) => inPeriod(period, note.day))
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((note) => ({
      id: ids.take(),
      programId: catalogue.programId,
      noteDate: note.day,
      colour: note.colour,
      text: note.text,
      createdBy: demoUserId,
      createdAt: noonOf(note.day),
    }));
};

// ---------------------------------------------------------------------------------------
// Seasonality: named types and the weeks (Mondays) tagged with them, one type per week.

const seasonalityOf = (
  catalogue: ProgramCatalogue,
  period: Period,
  firstId: number,
): { types: SeasonalityTypeRow[]; tags: SeasonalityTagRow[] } => {
  const programId = catalogue.programId;
  const summerName = programId === 2 ? "Labor Day Sale" : "Summer Sale";
  const names = ["Black Friday", "Christmas", "January Sale", summerName];
  const types = names.map((name, i) => ({ id: firstId + i + 1, programId, name }));
  const [blackFridayType, christmasType, januaryType, summerType] = types.map((t) => t.id);
  const tags: SeasonalityTagRow[] = [];
  for (let monday = mondayOf(period.firstDay); daysBetween(monday, lastDayOf(period)) >= 0; monday = addDays(monday, 7)) {
    if (!inPeriod(period, monday)) continue;
    const md = monthDayOf(monday);
    const sinceFridayWeek = daysBetween(mondayOf(blackFriday(yearOf(monday))), monday);
    const holdsSummerStart = daysBetween(monday, `${yearOf(monday)}-${catalogue.summer.from}`);
    let type: number | undefined;
    if (sinceFridayWeek === 0 || sinceFridayWeek === 7) type = blackFridayType;
    else if (sinceFridayWeek > 7 && md <= "12-24") type = christmasType;
    else if (md >= "12-26" || md <= "01-20") type = januaryType;
    else if ((md >= catalogue.summer.from && md <= catalogue.summer.to) || (holdsSummerStart >= 0 && holdsSummerStart <= 6)) type = summerType;
    if (type !== undefined) tags.push({ programId, weekStart: monday, seasonalityTypeId: type });
  }
  return { types, tags };
};

// ---------------------------------------------------------------------------------------
// Reports and saved settings.

const dataSetsOf = (programIds: ReadonlyArray<number>): DemoDataSetRow[] => {
  const rows: DemoDataSetRow[] = [];
  const add = (programId: number, tag: string, field: DemoDataSetRow["field"], operator: DemoDataSetRow["operator"], value: string) =>
    rows.push({ id: rows.length + 1, programId, tag, field, operator, value });
  for (const programId of programIds) {
    add(programId, "valid", "status", "=", "valid");
    add(programId, "cancelled", "status", "=", "cancelled");
    add(programId, "credit", "payment", "=", "credit");
    if (programId === 1) add(programId, "new-customers", "customer_type", "=", "new");
    if (programId === 3) add(programId, "not-cancelled", "status", "!=", "cancelled");
  }
  return rows;
};

/** The custom report id 1 of northwind, "Active / Not Active Report": cancelled against valid orders. */
const activeReport = (period: Period): CustomReportRow => ({
  id: 1,
  programId: 1,
  name: "Active / Not Active Report",
  level: "taxonomy_1",
  rules: "[]",
  meta: JSON.stringify({
    validName: "Valid",
    cancelledName: "Cancelled",
    dataset_one: { id: 1 },
    dataset_two: { id: 2 },
    excludedColumns: ["first.cpa", "second.roi"],
  }),
  createdAt: noonOf(addDays(period.today, -30)),
});

const columnSets: ReadonlyArray<ColumnSetRow> = [
  {
    id: 1,
    userId: demoUserId,
    name: "Revenue focus",
    columns: ["clicks", "attributed_sales", "attributed_revenue", "attributed_conversion_rate", "attributed_aov", "last_click_revenue", "attributed_revenue_variance_percent"],
    createdAt: Date.UTC(2025, 0, 6, 10, 0, 0),
  },
  {
    id: 2,
    userId: demoUserId,
    name: "Cost & efficiency",
    columns: ["total_cost", "variable_cost", "fixed_cost", "clicks", "attributed_sales", "attributed_revenue", "cpa", "roas", "roi"],
    createdAt: Date.UTC(2025, 0, 6, 10, 5, 0),
  },
];

const columnSetFavourites: ReadonlyArray<ColumnSetFavouriteRow> = [{ userId: demoUserId, columnSetId: 2 }];

const connectorAccounts: ReadonlyArray<ConnectorAccountRow> = [
  { userId: demoUserId, platform: "google-ads", accountId: "123-456-7890", accountName: "Northwind Outfitters – UK Search", active: true },
  { userId: demoUserId, platform: "google-ads", accountId: "234-567-8901", accountName: "Bluepeak Home – US", active: true },
  { userId: demoUserId, platform: "google-ads", accountId: "345-678-9012", accountName: "Northwind Outfitters – Old Account (paused)", active: false },
];
