import "temporal-polyfill/global";
import { Hono, type Context } from "hono";
import { Either, Schema } from "effect";
import {
  ChartQuery,
  ChartResponse,
  MetaQuery,
  MultiChartResponse,
  NamedFilterName,
  RangeQuery,
  SearchQuery,
  TableResponse,
  TaxonomiesResponse,
  type OrderRule,
} from "../../src/domain/performance/performance";
import {
  attachment,
  chartRows,
  multiChartSeries,
  csvFileName,
  dailyRows,
  searchHeaders,
  searchRows,
  tableCsv,
  tableHeaders,
  tableRows,
  taxonomyPaths,
  namedOrders,
  validOrders,
  type ReportFactScope,
} from "../engine/reports";
import { answer, refuse, refusals, type Refusal } from "../http/answers";
import type { ProgramEnv } from "../http/env";
import { readPathValues, readQuery } from "../http/requestReading";
import { sharedReads } from "../http/sharedReads";
import type { ServerContext } from "../serverContext";

/** The refusals of the report calls. */
export const performanceRefusals = {
  unknownNamedFilter: {
    status: 404,
    error: "named_filter_not_found",
    message: "There is no named filter or data set with that name in this program.",
  },
} as const satisfies Record<string, Refusal>;


/** How a group of routes finds the orders it counts; a Response when it cannot. */
type OrdersOf = (c: Context<ProgramEnv>) => Promise<ReadonlyArray<OrderRule> | Response>;

const tablePaths = [
  "/table/single/taxonomy_1",
  "/table/single/taxonomy_1/:t1/taxonomy_2",
  "/table/single/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3",
  "/table/single/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3/taxonomy_4",
];
const singleChartPaths = [
  "/chart/single",
  "/chart/single/taxonomy_1/:t1",
  "/chart/single/taxonomy_1/:t1/taxonomy_2/:t2",
  "/chart/single/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3",
  "/chart/single/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3/taxonomy_4/:t4",
];
const multiChartPaths = [
  "/chart/multi/taxonomy_1",
  "/chart/multi/taxonomy_1/:t1/taxonomy_2",
  "/chart/multi/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3",
  "/chart/multi/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3/taxonomy_4",
];
const metaPaths = [
  "/meta/:mode/taxonomy_1",
  "/meta/:mode/taxonomy_1/:t1/taxonomy_2",
  "/meta/:mode/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3",
  "/meta/:mode/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3/taxonomy_4",
];
/** The CSV of the level-1 table, then of the tables under t1, t1/t2 and t1/t2/t3. */
const csvPaths = [
  "/table/csv",
  "/table/csv/taxonomy_1/:t1",
  "/table/csv/taxonomy_1/:t1/taxonomy_2/:t2",
  "/table/csv/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3/taxonomy_4",
];

/**
 * The performance reports under /programs/{program}/performance (docs/engine.md,
 * "Performance calls"). Every call is a GET with date_from
 * and date_to; chart calls take interval (day, week, month; day when absent).
 */
export const performanceRoutes = (context: ServerContext) => {
  const reports = context.stores.reports;
  const routes = new Hono<ProgramEnv>();
  // Every answer here follows from the address alone (the program, the path, the query): identical calls in flight
  // at once share one (http/sharedReads.ts), once each is signed in and allowed the program. It is put on each route
  // of this file, not on the prefix: the prefix's other routes (analysisRoutes.ts) may answer by the person.
  const shared = sharedReads(() => context.stores.dataVersion());

  const scopeOf = (c: Context<ProgramEnv>, range: { date_from: string; date_to: string }, orders: ReadonlyArray<OrderRule>): ReportFactScope => ({
    programId: c.get("program").id,
    from: range.date_from,
    to: range.date_to,
    orders,
  });

  /** Tables and charts, counting the orders `ordersOf` chooses. */
  const reportRoutes = (ordersOf: OrdersOf) => {
    const group = new Hono<ProgramEnv>();
    for (const path of tablePaths) {
      group.get(path, shared, async (c) => {
        const query = readQuery(c, RangeQuery);
        if (!query.ok) return query.response;
        const orders = await ordersOf(c);
        if (orders instanceof Response) return orders;
        const data = await tableRows(reports, scopeOf(c, query.value, orders), readPathValues(c));
        return answer(c, TableResponse, { data, column_headers: tableHeaders, total: data.length });
      });
    }
    for (const path of singleChartPaths) {
      group.get(path, shared, async (c) => {
        const query = readQuery(c, ChartQuery);
        if (!query.ok) return query.response;
        const orders = await ordersOf(c);
        if (orders instanceof Response) return orders;
        const data = await chartRows(reports, scopeOf(c, query.value, orders), readPathValues(c), query.value.interval);
        return answer(c, ChartResponse, { data, column_headers: tableHeaders });
      });
    }
    for (const path of multiChartPaths) {
      group.get(path, shared, async (c) => {
        const query = readQuery(c, ChartQuery);
        if (!query.ok) return query.response;
        const orders = await ordersOf(c);
        if (orders instanceof Response) return orders;
        const data = await multiChartSeries(reports, scopeOf(c, query.value, orders), readPathValues(c), query.value.interval);
        return answer(c, MultiChartResponse, { data, column_headers: tableHeaders });
      });
    }
    return group;
  };

  routes.route("/", reportRoutes(async () => validOrders));
  routes.route(
    "/named/:name",
    reportRoutes(async (c) => {
      const name = Schema.decodeUnknownEither(NamedFilterName)(c.req.param("name"));
      const orders = Either.isRight(name) ? await namedOrders(reports, c.get("program").id, name.right) : null;
      return orders ?? refuse(c, performanceRefusals.unknownNamedFilter);
    }),
  );

  for (const path of metaPaths) {
    routes.get(path, shared, async (c) => {
      const mode = c.req.param("mode");
      if (mode !== "daily" && mode !== "grouped") return refuse(c, refusals.notFound);
      const query = readQuery(c, MetaQuery);
      if (!query.ok) return query.response;
      const scope = scopeOf(c, query.value, query.value.meta);
      if (mode === "daily") {
        return answer(c, ChartResponse, { data: await dailyRows(reports, scope, readPathValues(c)), column_headers: tableHeaders });
      }
      const data = await tableRows(reports, scope, readPathValues(c));
      return answer(c, TableResponse, { data, column_headers: tableHeaders, total: data.length });
    });
  }

  routes.get("/search", shared, async (c) => {
    const query = readQuery(c, SearchQuery);
    if (!query.ok) return query.response;
    const data = await searchRows(reports, scopeOf(c, query.value, validOrders), query.value.query);
    return answer(c, TableResponse, { data, column_headers: searchHeaders, total: data.length });
  });

  routes.get("/taxonomies", shared, async (c) => {
    const query = readQuery(c, RangeQuery);
    if (!query.ok) return query.response;
    return answer(c, TaxonomiesResponse, { data: await taxonomyPaths(reports, scopeOf(c, query.value, validOrders)) });
  });

  for (const path of csvPaths) {
    routes.get(path, shared, async (c) => {
      const query = readQuery(c, RangeQuery);
      if (!query.ok) return query.response;
      const prefix = readPathValues(c);
      const rows = await tableRows(reports, scopeOf(c, query.value, validOrders), prefix);
      return c.body(tableCsv(rows, prefix.length + 1), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": attachment(csvFileName(prefix)),
      });
    });
  }

  return routes;
};
