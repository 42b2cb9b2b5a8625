import type { Log } from "../log";
import type { Warehouse } from "../warehouse/warehouse";
import type { EngineHooks } from "./engine";
import type { CostRefresher } from "./costRefresher";
import type { IngestionProcessor } from "./ingestionProcessor";
import type { KeyedCreate } from "../warehouse/costQueries";
import type { AttributionQueries } from "../warehouse/engineQueries";

export type { FixedCostRecord, FixedCostValues, IdempotencyClaim, IdempotentRoute, KeyedCreate, StoredAnswer } from "../warehouse/costQueries";
export type { CustomReportRecord } from "../warehouse/customReportQueries";
export type { ConnectorPlatform } from "../warehouse/connectorQueries";
export type { InvitationRecord, MessageAudience, PersonOutcome, PersonRecord, ProgramRecord, ResetLinkRecord } from "../warehouse/warehouse";
export type { WriteKeyRecord } from "../warehouse/ingestionQueries";
export type { AuditBy, AuditRecord } from "../warehouse/auditQueries";

/**
 * What the routes read and write, by record kind; the routes never reach the warehouse
 * themselves. Accounts, sessions and most configuration are stored as they are. A fixed
 * or variable cost added, changed or removed marks the program's cost facts due in the
 * same warehouse transaction (warehouse/sql/costQueries.ts) and tells the cost
 * refresher (costRefresher.ts), which rewrites them once per burst of writes; the report
 * reads that count cost (`reports.sums`, `analysis.weekly`) first wait for a due refresh,
 * so a report read after a write's answer counts it. The other writes that change what
 * reports count run the engine after the change is stored and wait for it, so a report
 * read after the answer sees the change:
 * - program settings saved: `reattribute`;
 * - a classification saved: `reclassify` (not after a save refused as stale).
 * Events and orders sent in (`ingestion`) tell the ingestion processor
 * (ingestionProcessor.ts), which folds them into the facts within seconds.
 * The stored change stands even when the engine fails: the failure is logged at error
 * level and the write still answers as stored, so a client does not repeat a write that
 * happened (a repeated batch row would book its cost twice).
 */
export type Stores = Pick<
  Warehouse,
  // accounts and sessions
  | "users"
  | "sessions"
  | "programs"
  | "messages"
  | "passwordResets"
  | "people"
  | "audit"
  // configuration
  | "costs"
  | "annotations"
  | "seasonality"
  | "columnSets"
  | "programSettings"
  | "customReports"
  | "classifications"
  | "connectors"
  // the facts the report functions read (reports.ts, analysis.ts)
  | "reports"
  | "analysis"
  // write keys, collected events and fed orders
  | "ingestion"
  | "ingestionHealth"
  // whether a write was answered since (http/sharedReads.ts)
  | "dataVersion"
> & {
  /** What the model comparison reads of the attribution engine's records: the journeys models learn from, the stored weights. */
  readonly modelInputs: Pick<AttributionQueries, "fittingPaths" | "modelWeights">;
  /** Fits the program's data-driven model now (POST /model/fit): the engine's `fitModel`. */
  readonly modelFitting: Pick<EngineHooks, "fitModel">;
};

export const storesOf = (
  warehouse: Warehouse,
  engine: EngineHooks,
  log: Log,
  costRefresher: CostRefresher,
  ingestionProcessor: IngestionProcessor,
): Stores => {
  /** Runs the engine after a stored change; see `Stores`. */
  const afterChange = async (hook: keyof EngineHooks, programId: number): Promise<void> => {
    try {
      await engine[hook](programId);
    } catch (error) {
      log.error("the engine failed after a configuration change", { hook, programId, error });
    }
  };

  /** A write answering its result, followed by `hook`. */
  const then =
    <A extends ReadonlyArray<unknown>, R>(hook: keyof EngineHooks, write: (programId: number, ...rest: A) => Promise<R>) =>
    async (programId: number, ...rest: A): Promise<R> => {
      const result = await write(programId, ...rest);
      await afterChange(hook, programId);
      return result;
    };

  /** A spend write that tells the cost refresher when it changed the program's spend. */
  const spendWrite =
    <A extends ReadonlyArray<unknown>, R>(write: (programId: number, ...rest: A) => Promise<R>, changed: (result: R) => boolean) =>
    async (programId: number, ...rest: A): Promise<R> => {
      const result = await write(programId, ...rest);
      if (changed(result)) costRefresher.spendChanged(programId);
      return result;
    };
  const always = (): boolean => true;
  const stored = (result: boolean): boolean => result;
  const created = (result: KeyedCreate): boolean => result.outcome === "created";

  const { programSettings, classifications, costs, reports, analysis, ingestion } = warehouse;
  return {
    dataVersion: () => warehouse.dataVersion(),
    modelFitting: { fitModel: (programId) => engine.fitModel(programId) },
    modelInputs: {
      fittingPaths: (programId, windowDays, level) => warehouse.attribution.fittingPaths(programId, windowDays, level),
      modelWeights: (programId) => warehouse.attribution.modelWeights(programId),
    },
    users: warehouse.users,
    sessions: warehouse.sessions,
    programs: warehouse.programs,
    messages: warehouse.messages,
    passwordResets: warehouse.passwordResets,
    people: warehouse.people,
    audit: warehouse.audit,
    ingestionHealth: warehouse.ingestionHealth,
    costs: {
      ...costs,
      addFixed: spendWrite(costs.addFixed, always),
      addFixedOnce: spendWrite(costs.addFixedOnce, created),
      updateFixed: spendWrite(costs.updateFixed, (result) => result.outcome === "updated"),
      removeFixed: spendWrite(costs.removeFixed, stored),
      addVariable: spendWrite(costs.addVariable, always),
      addVariableOnce: spendWrite(costs.addVariableOnce, created),
      removeVariable: spendWrite(costs.removeVariable, stored),
    },
    annotations: warehouse.annotations,
    seasonality: warehouse.seasonality,
    columnSets: warehouse.columnSets,
    programSettings: { find: programSettings.find, save: then("reattribute", programSettings.save) },
    customReports: warehouse.customReports,
    classifications: {
      find: classifications.find,
      preview: classifications.preview,
      // A save refused as stale changed nothing, so nothing is re-classified.
      save: async (programId, tree, at, basedOn, by) => {
        const outcome = await classifications.save(programId, tree, at, basedOn, by);
        if (outcome.saved) await afterChange("reclassify", programId);
        return outcome;
      },
    },
    connectors: warehouse.connectors,
    reports: {
      ...reports,
      sums: async (query) => {
        await costRefresher.settled(query.programId);
        return reports.sums(query);
      },
    },
    analysis: {
      ...analysis,
      weekly: async (query) => {
        await costRefresher.settled(query.programId);
        return analysis.weekly(query);
      },
    },
    ingestion: {
      ...ingestion,
      addEvents: async (programId, hits, at) => {
        const stored = await ingestion.addEvents(programId, hits, at);
        if (stored.stored > 0) ingestionProcessor.accepted(programId);
        return stored;
      },
      // The collection log's loader stores a large step's hits the bulk import's way (the appender), and tells the processor the same.
      importEvents: async (programId, hits, at) => {
        const stored = await ingestion.importEvents(programId, hits, at);
        if (stored.stored > 0) ingestionProcessor.accepted(programId);
        return stored;
      },
      // A new identify marks its customer's orders (their journeys gain the visitor's clicks).
      addVisitorEvents: async (programId, events, at) => {
        const stored = await ingestion.addVisitorEvents(programId, events, at);
        if (stored.stored > 0 && events.some((e) => e.kind === "identify")) ingestionProcessor.accepted(programId);
        return stored;
      },
      putOrders: async (programId, orders, at) => {
        const stored = await ingestion.putOrders(programId, orders, at);
        if (stored.stored > 0) ingestionProcessor.accepted(programId);
        return stored;
      },
    },
  };
};
