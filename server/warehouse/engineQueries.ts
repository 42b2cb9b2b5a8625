import type { MetricSums } from "../../src/domain/report/metrics";
import type { Interval, OrderRule, TaxonomyPath } from "../../src/domain/performance/performance";
import type { AttributionModel, MarkovOrder } from "../../src/domain/settings/programSettings";
import type { ClassificationPlan } from "./classificationPlan";

/**
 * The attribution engine's query families (docs/engine.md): `attribution` materialises
 * classification, per-touch credits and daily facts when data or configuration changes
 * (never per request); `reports` answers reports with small GROUP BYs over the facts.
 * The DuckDB implementation is sql/ingestQueries.ts, sql/attributionQueries.ts and
 * sql/reportQueries.ts.
 */


export interface AttributionSettings {
  readonly model: AttributionModel;
  /** Clicks this many days (in milliseconds: days x 86,400,000) before an order, up to its instant, form its journey. */
  readonly lookbackDays: number;
  /** The taxonomy level (1 or 2) whose channels a data-driven model is fitted at and credits by. */
  readonly modelLevel: ModelLevelNumber;
  /** The order (1 to 3) of the Markov chain. */
  readonly markovOrder: MarkovOrder;
}

/** The levels a data-driven model may be fitted at. */
export type ModelLevelNumber = 1 | 2;

/**
 * A channel of a data-driven model at level 2 is its taxonomy_1 and taxonomy_2 joined by this character (the
 * record separator, which no title is expected to hold); at level 1 it is the taxonomy_1 alone.
 */
export const channelLevelSeparator = "\u001e";

/** The taxonomy path (taxonomy_1, and taxonomy_2 at level 2) a model's channel stands for. */
export const channelTaxonomyOf = (channel: string): ReadonlyArray<string> => channel.split(channelLevelSeparator);

/** One path of channels at the model's level the journeys took (oldest first), how many converted and how many did not. */
export interface FittingPath {
  readonly channels: ReadonlyArray<string>;
  readonly conversions: number;
  readonly nulls: number;
}

/** A program's data-driven model weights as last fitted: each channel's weight (a taxonomy_1, or at level 2 a taxonomy_1 and taxonomy_2). */
export interface StoredModelWeights {
  readonly model: AttributionModel;
  readonly weights: ReadonlyArray<{ readonly channel: string; readonly weight: number }>;
}

/** What program_settings holds for a program, as stored. */
export interface StoredSettings {
  readonly model: string;
  readonly lookbackDays: number;
  readonly modelLevel: number;
  readonly markovOrder: number;
}

/** A hit as ingested. Dates are YYYY-MM-DD in the program's UTC offset; times epoch ms. */
export interface HitRow {
  readonly programId: number;
  readonly hitId: number;
  readonly visitorId: string;
  readonly ts: number;
  readonly hitDate: string;
  readonly eventType: string;
  readonly source?: string | null;
  readonly medium?: string | null;
  readonly campaign?: string | null;
  readonly content?: string | null;
  readonly term?: string | null;
  readonly referrer?: string | null;
  readonly landingUrl?: string | null;
  readonly publisherId?: string | null;
  readonly costLink?: string | null;
  /** Pre-classified taxonomy (used as is while the program has no saved classification). */
  readonly taxonomy?: readonly [string, string, string, string];
}

export interface OrderRow {
  readonly programId: number;
  readonly orderId: string;
  readonly visitorId: string;
  readonly ts: number;
  readonly orderDate: string;
  readonly amount: number;
  readonly status: string;
  readonly customerType: string;
  readonly payment: string;
  /** The shop's customer, when known (null or absent: none). */
  readonly customerId?: string | null;
}

/** A visitor id identified as a customer, with the first and last identify's instants. */
export interface IdentityRow {
  readonly programId: number;
  readonly visitorId: string;
  readonly customerId: string;
  readonly firstSeen: number;
  readonly lastSeen: number;
}

export interface FixedCostRow {
  readonly id: number;
  readonly programId: number;
  readonly taxonomy: readonly [string, string, string, string];
  readonly cost: number;
  readonly startDate: string;
  readonly endDate: string | null;
  readonly frequency: string;
  readonly createdAt?: number;
}

export interface VariableCostRow {
  readonly id: number;
  readonly programId: number;
  readonly taxonomy1: string;
  readonly cost: number;
  readonly costDate: string;
  readonly costLink: string;
}

export interface DataSetRow {
  readonly id: number;
  readonly programId: number;
  readonly tag: string;
  readonly rule: OrderRule;
}

/** Raw data and configuration as they arrive (imports, tests); appended as given. */
export interface RawDataBatch {
  readonly hits?: ReadonlyArray<HitRow>;
  readonly orders?: ReadonlyArray<OrderRow>;
  readonly identities?: ReadonlyArray<IdentityRow>;
  readonly classifications?: ReadonlyArray<{ readonly programId: number; readonly tree: string; readonly savedAt: number }>;
  readonly settings?: ReadonlyArray<{
    readonly programId: number;
    readonly model: string;
    readonly lookbackDays: number;
    readonly modelLevel?: number;
    readonly markovOrder?: number;
  }>;
  readonly fixedCosts?: ReadonlyArray<FixedCostRow>;
  readonly variableCosts?: ReadonlyArray<VariableCostRow>;
  readonly dataSets?: ReadonlyArray<DataSetRow>;
}

/** What one rebuild does, in this order, in one transaction. */
export interface RebuildWork {
  /** Re-classify the program's hits with these branches. */
  readonly classification?: ClassificationPlan;
  /** Recompute the daily traffic facts. */
  readonly traffic?: boolean;
  /** Rewrite the journeys that did not convert (open_journeys) from the hits as classified and the orders. */
  readonly openJourneys?: boolean;
  /** Replace the program's data-driven model weights (before the attribution, which reads them). */
  readonly modelWeights?: StoredModelWeights;
  /** Recompute journeys, credits (touches), sales and inclusion facts with these settings. */
  readonly attribution?: AttributionSettings;
  /** Recompute the daily cost facts (and clear the program's mark of cost facts due, costQueries.ts). */
  readonly costs?: boolean;
  /** Stamped on the program's materialisation record. */
  readonly at: number;
}

/** One touch of one order's journey (the touches table). */
export interface TouchRecord {
  readonly orderId: string;
  readonly touchIndex: number;
  readonly touchCount: number;
  readonly hitId: number | null;
  readonly taxonomy: readonly [string, string, string, string];
  readonly ts: number;
  readonly firstCredit: number;
  readonly lastCredit: number;
  readonly attributedCredit: number;
  readonly funnelRole: string;
  readonly orderDate: string;
  readonly amount: number;
  readonly status: string;
  readonly customerType: string;
  readonly payment: string;
}

/** A hit after classification. */
export interface ClassifiedHitRecord {
  readonly hitId: number;
  readonly taxonomy: readonly [string, string, string, string];
  readonly costLink: string | null;
}

export interface AttributionQueries {
  /** Programs that exist or have raw data. */
  programIds(): Promise<ReadonlyArray<number>>;
  /** Programs whose facts were never materialised. */
  unmaterialisedProgramIds(): Promise<ReadonlyArray<number>>;
  /** The saved classification document, or null. */
  classificationOf(programId: number): Promise<string | null>;
  settingsOf(programId: number): Promise<StoredSettings | null>;
  /** Runs the work in one transaction. */
  rebuild(programId: number, work: RebuildWork): Promise<void>;
  /** Appends raw data and configuration in one transaction (facts are not touched). */
  append(batch: RawDataBatch): Promise<void>;
  /** The program's touches, by order and touch index. */
  touches(programId: number): Promise<ReadonlyArray<TouchRecord>>;
  /** The program's hits as classified, by hit id. */
  classifiedHits(programId: number): Promise<ReadonlyArray<ClassifiedHitRecord>>;
  /**
   * The journeys a data-driven model learns from, as paths of the level's channels: those of the orders placed, and the clicks
   * of each visitor after their last order (or all, without one) made, in the `windowDays` days up to the
   * program's newest order or click.
   */
  fittingPaths(programId: number, windowDays: number, level: ModelLevelNumber): Promise<ReadonlyArray<FittingPath>>;
  /** The program's model weights as last fitted, or null (a rebuild with `modelWeights` replaces them). */
  modelWeights(programId: number): Promise<StoredModelWeights | null>;
}

/**
 * One report query over the facts: rows grouped by taxonomy_1..groupLevel (and by period
 * when asked), restricted to the taxonomy prefix, the date range (traffic and cost on
 * their own dates, sales on the conversion date) and, for sales, the order rules.
 */
export interface FactQuery {
  readonly programId: number;
  readonly from: string;
  readonly to: string;
  /** Fixed values of taxonomy levels 1..prefix.length. */
  readonly prefix: ReadonlyArray<string>;
  /** Levels each row carries, prefix.length..4; distinct orders (sales_including) are counted at this level (0: all orders). */
  readonly groupLevel: 0 | 1 | 2 | 3 | 4;
  /** Group by the period start too. */
  readonly period: Interval | null;
  /** All must hold for an order to count. */
  readonly orders: ReadonlyArray<OrderRule>;
  /** Only rows with a taxonomy value (of levels 1..groupLevel) containing this text, case-insensitively. */
  readonly search?: string | null;
}

export interface FactRow {
  /** taxonomy_1..taxonomy_groupLevel. */
  readonly taxonomy: ReadonlyArray<string>;
  /** The period start (YYYY-MM-DD) when grouped by period. */
  readonly period: string | null;
  readonly sums: MetricSums;
}

export interface ReportQueries {
  /** Rows ordered by taxonomy ('None' last at each level), then period. */
  sums(query: FactQuery): Promise<ReadonlyArray<FactRow>>;
  /**
   * Distinct taxonomy paths with traffic or sales (of any order) in the range, under a
   * prefix, down to `depth` levels (deeper levels answer '' when depth < 4).
   */
  taxonomies(
    programId: number,
    from: string,
    to: string,
    prefix: ReadonlyArray<string>,
    depth?: 1 | 2 | 3 | 4,
  ): Promise<ReadonlyArray<TaxonomyPath>>;
  /** The rules of a data set tag the program registered (ANDed); empty when there is no such tag. */
  dataSetRules(programId: number, tag: string): Promise<ReadonlyArray<OrderRule>>;
}
