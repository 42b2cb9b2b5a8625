import { Hono, type Context } from "hono";
import { Either, Schema } from "effect";
import { Created } from "../../src/domain/report/configuration";
import {
  CustomReportAnswer,
  CustomReportInput,
  CustomReportList,
  DataSetList,
  ReportLevel,
  ReportMeta,
  ReportPreviewQuery,
  ReportRule,
  type CustomReport,
  type ReportLevel as Level,
} from "../../src/domain/customReports/customReports";
import { RangeQuery, TableResponse } from "../../src/domain/performance/performance";
import { customReportRows, tableHeaders } from "../engine/reports";
import { readBody, readQuery } from "../http/requestReading";
import { idempotencyRefusals, readIdempotencyKey, requestBodyDigest } from "../http/idempotencyKey";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Log } from "../log";
import { answer, refuse } from "../http/answers";
import type { ProgramEnv } from "../http/env";
import type { ServerContext } from "../serverContext";
import type { CustomReportRecord } from "../engine/stores";
import { configurationRefusals, readId, removeAuthoredById, reportsPerPerson } from "./configurationRequests";
import { taxonomyLevels } from "../../src/domain/report/taxonomyLevels";

const isLevel = Schema.is(ReportLevel);
const decodeRule = Schema.decodeUnknownEither(ReportRule);
const decodeMeta = Schema.decodeUnknownEither(Schema.parseJson(ReportMeta));

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * The wire form of a stored report. Stored documents are read leniently (rules that do
 * not decode are left out, unreadable meta is empty) and each problem is logged, so one
 * bad row cannot break the report list.
 */
const reportOf = (record: CustomReportRecord, log: Log): CustomReport => {
  const storedRules = parsedJson(record.rules);
  const rules = (Array.isArray(storedRules) ? storedRules : []).flatMap((rule: unknown) => {
    const decoded = decodeRule(rule);
    return Either.isRight(decoded) ? [decoded.right] : [];
  });
  const meta = decodeMeta(record.meta);
  if (!Array.isArray(storedRules) || rules.length !== storedRules.length || Either.isLeft(meta) || !isLevel(record.level)) {
    log.warn("a stored custom report does not fully decode", { reportId: record.id });
  }
  return {
    id: record.id,
    name: record.name,
    level: isLevel(record.level) ? record.level : "taxonomy_1",
    rules,
    meta: Either.isRight(meta) ? meta.right : {},
  };
};

const levelNumber = (level: Level): 1 | 2 | 3 | 4 => (taxonomyLevels.indexOf(level) + 1) as 1 | 2 | 3 | 4;

/**
 * Custom reports and data sets (docs/engine.md, "Custom reports"): GET|POST /reports
 * (POST takes an optional `Idempotency-Key`, as the spend creates do),
 * GET|DELETE /reports/{id} (404 report_not_found "You don't have access to this report"
 * when the program has no such report; a DELETE by neither its author nor an admin 403), GET
 * /data-sets, and the report tables:
 * GET /reports/preview?level&rules&date_from&date_to (an unsaved report) and
 * GET /reports/{id}/view?date_from&date_to (a saved one), both TableResponse.
 */
export const customReportRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  const { stores, clock, log } = context;

  routes.get("/reports", async (c) => {
    const records = await stores.customReports.list(c.get("program").id);
    return answer(c, CustomReportList, { data: records.map((record) => reportOf(record, log)) });
  });

  /**
   * Creates a report. With an `Idempotency-Key` (as the builder's Save sends) a repeat of
   * the key with the same body answers the first answer and creates nothing; with another
   * body 422 idempotency_key_reused; without one, each POST creates a report.
   */
  // A report's meta is bounded by its schema (ReportMeta: two names of 100 characters, two data set ids, 100 column
  // names of 100 characters: about 10 KB of JSON at most), and each person's number of reports in a program too
  // (reportsPerPerson, 409 too_many_reports).
  routes.post("/reports", async (c) => {
    const key = readIdempotencyKey(c);
    if (!key.ok) return key.response;
    const input = await readBody(c, CustomReportInput);
    if (!input.ok) return input.response;
    const programId = c.get("program").id;
    const values = {
      name: input.value.name.trim(),
      level: input.value.level,
      rules: JSON.stringify(input.value.rules),
      meta: Schema.encodeSync(Schema.parseJson(ReportMeta))(input.value.meta ?? {}),
    };
    // Counted before the create: requests racing past the count can overshoot by as many as are in flight at once.
    if ((await stores.customReports.countBy(programId, c.get("user").id)) >= reportsPerPerson) return refuse(c, configurationRefusals.tooManyReports);
    if (key.value === null) return answer(c, Created, { data: { id: await stores.customReports.add(programId, values, c.get("user").id, clock()) } });
    const outcome = await stores.customReports.addOnce(programId, values, {
      userId: c.get("user").id,
      route: "reports",
      key: key.value,
      bodyDigest: await requestBodyDigest(c),
      at: clock(),
      answerOf: (id) => ({ status: 200, body: JSON.stringify(Schema.encodeSync(Created)({ data: { id } })) }),
    });
    if (outcome.outcome === "keyReused") return refuse(c, idempotencyRefusals.keyReused);
    return c.json(JSON.parse(outcome.answer.body) as object, outcome.answer.status as ContentfulStatusCode);
  });

  /** The report's table over the range: rows of its level counting the orders its rules choose. */
  const reportTable = async (c: Context<ProgramEnv>, range: RangeQuery, level: Level, rules: CustomReport["rules"]) => {
    const scope = { programId: c.get("program").id, from: range.date_from, to: range.date_to };
    const data = await customReportRows(stores.reports, scope, levelNumber(level), rules);
    return answer(c, TableResponse, { data, column_headers: tableHeaders, total: data.length });
  };

  // Registered before /reports/:id so that "preview" is never read as an id.
  routes.get("/reports/preview", async (c) => {
    const query = readQuery(c, ReportPreviewQuery);
    if (!query.ok) return query.response;
    return reportTable(c, query.value, query.value.level, query.value.rules);
  });

  routes.get("/reports/:id/view", async (c) => {
    const id = readId(c, "id", configurationRefusals.reportNotFound);
    if (!id.ok) return id.response;
    const record = await stores.customReports.find(c.get("program").id, id.id);
    if (!record) return refuse(c, configurationRefusals.reportNotFound);
    const query = readQuery(c, RangeQuery);
    if (!query.ok) return query.response;
    const report = reportOf(record, log);
    return reportTable(c, query.value, report.level, report.rules);
  });

  routes.get("/reports/:id", async (c) => {
    const id = readId(c, "id", configurationRefusals.reportNotFound);
    if (!id.ok) return id.response;
    const record = await stores.customReports.find(c.get("program").id, id.id);
    if (!record) return refuse(c, configurationRefusals.reportNotFound);
    return answer(c, CustomReportAnswer, { data: reportOf(record, log) });
  });

  routes.delete(
    "/reports/:id",
    removeAuthoredById(configurationRefusals.reportNotFound, (c, id, actor) => stores.customReports.remove(c.get("program").id, id, actor)),
  );

  routes.get("/data-sets", async (c) =>
    answer(c, DataSetList, { data: await stores.customReports.dataSets(c.get("program").id) }),
  );

  return routes;
};
