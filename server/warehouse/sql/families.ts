import type { DataGenerations } from "../dataGenerations";
import type { IngestionQueries } from "../ingestionQueries";
import type { ReadLine, StatementLine } from "../statements";
import type { Warehouse } from "../warehouse";
import { sqlAnalysisQueries } from "./analysisQueries";
import { sqlAnnotationQueries } from "./annotationQueries";
import { sqlAttributionQueries } from "./attributionQueries";
import { sqlClassificationQueries } from "./classificationQueries";
import type { PreviewMemo } from "./classificationPreviewQueries";
import { sqlColumnSetQueries } from "./columnSetQueries";
import { sqlConnectorQueries } from "./connectorQueries";
import { sqlCostQueries } from "./costQueries";
import { sqlCustomReportQueries } from "./customReportQueries";
import { sqlIngestionHealthQueries } from "./ingestionHealthQueries";
import { sqlProgramSettingsQueries } from "./programSettingsQueries";
import { sqlAuditQueries } from "../auditQueries";
import { sqlReportQueries } from "./reportQueries";
import { sqlSeasonalityQueries } from "./seasonalityQueries";

/** The families every warehouse composes from this folder (accounts, demo data and close are each engine's own). */
export type SharedFamilies = Omit<Warehouse, "users" | "sessions" | "programs" | "messages" | "passwordResets" | "people" | "demoData" | "dataVersion" | "close">;

/**
 * The query families of this folder on one engine's lines, with its own ingestion family,
 * and every write that may change a program's hits, touches or their classification
 * counted in `generations` once it settled (what the classification preview keeps is kept
 * under that count, dataGenerations.ts).
 */
export const sqlFamilies = (parts: {
  readonly line: StatementLine;
  /** The reports and analysis reads (read-only turns; DuckDB's pool of read connections, ClickHouse's line). */
  readonly reads: ReadLine;
  readonly previews: StatementLine;
  readonly previewMemo: PreviewMemo;
  readonly generations: DataGenerations;
  readonly ingestion: IngestionQueries;
}): SharedFamilies => {
  const { line, generations, ingestion } = parts;
  const attribution = sqlAttributionQueries(line);
  return {
    costs: sqlCostQueries(line),
    annotations: sqlAnnotationQueries(line),
    seasonality: sqlSeasonalityQueries(line),
    columnSets: sqlColumnSetQueries(line),
    programSettings: sqlProgramSettingsQueries(line),
    audit: sqlAuditQueries(line),
    customReports: sqlCustomReportQueries(line),
    classifications: sqlClassificationQueries(line, parts.previews, parts.previewMemo),
    connectors: sqlConnectorQueries(line),
    attribution: {
      ...attribution,
      rebuild: (programId, work) => generations.after(attribution.rebuild(programId, work), programId),
      append: (batch) => generations.after(attribution.append(batch)),
    },
    reports: sqlReportQueries(parts.reads),
    analysis: sqlAnalysisQueries(parts.reads),
    ingestion: {
      ...ingestion,
      addEvents: (programId, hits, at) => generations.after(ingestion.addEvents(programId, hits, at), programId),
      importEvents: (programId, hits, at) => generations.after(ingestion.importEvents(programId, hits, at), programId),
      importEventFile: (programId, file, at) => generations.after(ingestion.importEventFile(programId, file, at), programId),
      putOrders: (programId, orders, at) => generations.after(ingestion.putOrders(programId, orders, at), programId),
      process: (programId, plan, settings, at) => generations.after(ingestion.process(programId, plan, settings, at), programId),
    },
    ingestionHealth: sqlIngestionHealthQueries(line),
  };
};
