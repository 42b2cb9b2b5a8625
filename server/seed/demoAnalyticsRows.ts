import type { SpendFrequency } from "../../src/domain/spend/spendRules";

/**
 * What the demo-data generator loads besides accounts and messages: the analytics
 * configuration as rows, and a traffic plan from which demoAnalyticsSql.ts generates hits,
 * orders and variable costs inside the database (server/README.md, "Demo data"). Dates
 * are YYYY-MM-DD, times epoch milliseconds.
 */

export interface ProgramSettingsRow {
  readonly programId: number;
  readonly attributionModel: "linear" | "position_based" | "time_decay";
  readonly lookbackDays: number;
}

export interface ClassificationRow {
  readonly programId: number;
  /** The Classification document (src/domain/classification/classification.ts) as JSON. */
  readonly tree: string;
  readonly savedAt: number;
}

export interface DemoFixedCostRow {
  readonly id: number;
  readonly programId: number;
  readonly taxonomy1: string;
  readonly taxonomy2: string;
  readonly taxonomy3: string;
  readonly taxonomy4: string;
  readonly cost: number;
  readonly startDate: string;
  /** Null for a single cost. */
  readonly endDate: string | null;
  readonly frequency: SpendFrequency;
  readonly originalFrequency: SpendFrequency;
  readonly createdAt: number;
}

export interface AnnotationRow {
  readonly id: number;
  readonly programId: number;
  readonly noteDate: string;
  /** #rrggbb */
  readonly colour: string;
  readonly text: string;
  readonly createdBy: number | null;
  readonly createdAt: number;
}

export interface SeasonalityTypeRow {
  readonly id: number;
  readonly programId: number;
  readonly name: string;
}

export interface SeasonalityTagRow {
  readonly programId: number;
  /** A Monday. */
  readonly weekStart: string;
  readonly seasonalityTypeId: number;
}

export interface ColumnSetRow {
  readonly id: number;
  readonly userId: number;
  readonly name: string;
  readonly columns: ReadonlyArray<string>;
  readonly createdAt: number;
}

export interface ColumnSetFavouriteRow {
  readonly userId: number;
  readonly columnSetId: number;
}

export interface DemoDataSetRow {
  readonly id: number;
  readonly programId: number;
  readonly tag: string;
  readonly field: "status" | "customer_type" | "payment";
  readonly operator: "=" | "!=";
  readonly value: string;
}

export interface CustomReportRow {
  readonly id: number;
  readonly programId: number;
  readonly name: string;
  readonly level: string;
  /** JSON text. */
  readonly rules: string;
  /** JSON text. */
  readonly meta: string;
  readonly createdAt: number;
}

export interface ConnectorAccountRow {
  readonly userId: number;
  readonly platform: string;
  readonly accountId: string;
  readonly accountName: string;
  readonly active: boolean;
}

/**
 * One kind of click: a complete set of raw traffic fields (an ad group's keyword, a
 * newsletter's link, an affiliate publisher, a landing page reached from search).
 */
export interface TrafficVariant {
  readonly variantNo: number;
  /** Its stream (a level-2 channel): the stream's daily factors apply. */
  readonly streamNo: number;
  /** Relative share of the program's clicks on a day it is live. */
  readonly weight: number;
  /** Chance that a click of this kind leads to an order. */
  readonly conversion: number;
  /** Mean impressions (event_type 'impression') logged per click, shortly before it. */
  readonly impressionsPerClick: number;
  readonly source: string | null;
  readonly medium: string | null;
  readonly campaign: string | null;
  readonly content: string | null;
  readonly term: string | null;
  readonly referrer: string | null;
  readonly landingUrl: string;
  readonly publisherId: string | null;
  readonly costLink: string | null;
  /** Day ranges (indexes into the plan's days, both ends included) when it is live. */
  readonly windows: ReadonlyArray<readonly [number, number]>;
}

/** How a stream's volume moves over the days (multiplies its variants' weights). */
export interface TrafficStream {
  readonly streamNo: number;
  /** Relative change from the first day to the last (0.5: +50% by the end). */
  readonly trend: number;
  /** Factors Monday..Sunday. */
  readonly weekdays: readonly [number, number, number, number, number, number, number];
  /** Factor on the plan's peak days (Black Friday to Christmas). */
  readonly peak: number;
}

export interface CostLinkPrice {
  readonly costLink: string;
  readonly taxonomy1: string;
  /** Cost per click in the program's currency. */
  readonly costPerClick: number;
}

/** Spend booked to a cost link that no hit carries. */
export interface UntrackedSpend {
  readonly costLink: string;
  readonly taxonomy1: string;
  readonly firstDay: number;
  readonly lastDay: number;
  readonly dailyCost: number;
}

export interface OrderProfile {
  /** Multiplies every click's conversion chance. */
  readonly conversionFactor: number;
  /** log-normal amounts: exp(mu + sigma z), at least `minimumAmount`. */
  readonly amountMu: number;
  readonly amountSigma: number;
  readonly minimumAmount: number;
  /** Share of first orders placed by customers known from before the data. */
  readonly returningShare: number;
  /** Share of converting visitors who order again later. */
  readonly repeatShare: number;
  /** Share of converting visitors who order more than the lookback after their last click. */
  readonly lateShare: number;
  /** Orders by visitors without any hit, per visitor of the program. */
  readonly offlineRate: number;
  readonly creditShare: number;
  readonly cancelledCash: number;
  readonly cancelledCredit: number;
}

export interface TrafficProgram {
  readonly programId: number;
  /** Order ids are `${orderPrefix}-0000123`. */
  readonly orderPrefix: string;
  /** The program's UTC offset in minutes (+60 for +01:00). */
  readonly offsetMinutes: number;
  /** Visitors who click at least once. */
  readonly visitors: number;
  /** Relative volume of each day (first-click days are drawn from it). */
  readonly dayWeights: ReadonlyArray<number>;
  readonly streams: ReadonlyArray<TrafficStream>;
  readonly variants: ReadonlyArray<TrafficVariant>;
  readonly costLinks: ReadonlyArray<CostLinkPrice>;
  readonly untrackedSpend: ReadonlyArray<UntrackedSpend>;
  readonly orders: OrderProfile;
}

export interface TrafficPlan {
  readonly seed: number;
  /** The first local day of every program; day i is firstDay + i. */
  readonly firstDay: string;
  readonly days: number;
  /** Nothing is dated at or after this instant (the day the database is created, 00:00 UTC). */
  readonly endsAt: number;
  /** Days (indexes) of the year-end peak. */
  readonly peakDays: ReadonlyArray<number>;
  /** Relative traffic per local hour 0..23. */
  readonly hourWeights: ReadonlyArray<number>;
  readonly programs: ReadonlyArray<TrafficProgram>;
}

export interface DemoAnalyticsRows {
  readonly programSettings: ReadonlyArray<ProgramSettingsRow>;
  readonly classifications: ReadonlyArray<ClassificationRow>;
  readonly fixedCosts: ReadonlyArray<DemoFixedCostRow>;
  readonly annotations: ReadonlyArray<AnnotationRow>;
  readonly seasonalityTypes: ReadonlyArray<SeasonalityTypeRow>;
  readonly seasonalityTags: ReadonlyArray<SeasonalityTagRow>;
  readonly columnSets: ReadonlyArray<ColumnSetRow>;
  readonly columnSetFavourites: ReadonlyArray<ColumnSetFavouriteRow>;
  readonly dataSets: ReadonlyArray<DemoDataSetRow>;
  readonly customReports: ReadonlyArray<CustomReportRow>;
  readonly connectorAccounts: ReadonlyArray<ConnectorAccountRow>;
  readonly traffic: TrafficPlan;
}
