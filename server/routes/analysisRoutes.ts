import "temporal-polyfill/global";
import { Hono, type Context } from "hono";
import {
  AffiliatesResponse,
  DiminishingResponse,
  FunnelResponse,
  FunnelTrendsResponse,
  JourneysQuery,
  funnelHeaders,
} from "../../src/domain/analysis/analysis";
import { JourneysResponse } from "../../src/domain/journeys/journeys";
import { JourneySummaryQuery, JourneySummaryResponse } from "../../src/domain/journeys/journeySummary";
import { ChartQuery, RangeQuery } from "../../src/domain/performance/performance";
import { programTimeZone } from "../../src/domain/shell/timeZone";
import { affiliateRows, diminishingSeries, funnelRows, funnelTrends, journeyPage, journeySummary, unspreadFixedCost } from "../engine/analysis";
import { tableHeaders, validOrders, type ReportFactScope } from "../engine/reports";
import { answer, refuse, refusals } from "../http/answers";
import type { ProgramEnv } from "../http/env";
import { readPathValues, readQuery } from "../http/requestReading";
import type { ServerContext } from "../serverContext";


/** `/{kind}/taxonomy_1[/{t1}/taxonomy_2[/{t2}/taxonomy_3[/{t3}/taxonomy_4]]]`, plus `/{t4}` when asked. */
const levelPaths = (base: string, withLeaf = false): ReadonlyArray<string> => [
  `${base}/taxonomy_1`,
  `${base}/taxonomy_1/:t1/taxonomy_2`,
  `${base}/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3`,
  `${base}/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3/taxonomy_4`,
  ...(withLeaf ? [`${base}/taxonomy_1/:t1/taxonomy_2/:t2/taxonomy_3/:t3/taxonomy_4/:t4`] : []),
];

/**
 * The analysis reports under /programs/{program}/performance (docs/engine.md, "Analysis
 * calls"): funnel, funnel trends, diminishing returns, journeys and (admins only) the
 * affiliate report. Every call is a GET with date_from and date_to and counts valid orders.
 */
export const analysisRoutes = (context: ServerContext) => {
  const { analysis, reports, seasonality } = context.stores;
  const routes = new Hono<ProgramEnv>();

  const scopeOf = (c: Context<ProgramEnv>, range: { date_from: string; date_to: string }): ReportFactScope => ({
    programId: c.get("program").id,
    from: range.date_from,
    to: range.date_to,
    orders: validOrders,
  });

  for (const path of levelPaths("/funnel/single", true)) {
    routes.get(path, async (c) => {
      const query = readQuery(c, ChartQuery);
      if (!query.ok) return query.response;
      const data = await funnelRows(analysis, scopeOf(c, query.value), readPathValues(c));
      return answer(c, FunnelResponse, { data, column_headers: funnelHeaders, total: data.length });
    });
  }

  for (const path of levelPaths("/funnel/multi")) {
    routes.get(path, async (c) => {
      const query = readQuery(c, ChartQuery);
      if (!query.ok) return query.response;
      const data = await funnelTrends(analysis, reports, scopeOf(c, query.value), readPathValues(c), query.value.interval);
      return answer(c, FunnelTrendsResponse, { data, column_headers: funnelHeaders });
    });
  }

  for (const path of levelPaths("/diminishing/multi")) {
    routes.get(path, async (c) => {
      const query = readQuery(c, RangeQuery);
      if (!query.ok) return query.response;
      const data = await diminishingSeries(analysis, reports, seasonality, scopeOf(c, query.value), readPathValues(c));
      return answer(c, DiminishingResponse, { data });
    });
  }

  routes.get("/touchpoints/journeys", async (c) => {
    const query = readQuery(c, JourneysQuery);
    if (!query.ok) return query.response;
    const q = query.value;
    const { data, total } = await journeyPage(analysis, scopeOf(c, q), {
      sortBy: q.sort_by,
      direction: q.sort_direction,
      page: q.page,
      perPage: q.per_page,
      search: q.journey_search,
      path: q.path,
      timeZone: programTimeZone(c.get("program")),
    });
    return answer(c, JourneysResponse, { data, total, page: q.page, per_page: q.per_page });
  });

  routes.get("/touchpoints/journeys/summary", async (c) => {
    const query = readQuery(c, JourneySummaryQuery);
    if (!query.ok) return query.response;
    const q = query.value;
    const summary = await journeySummary(analysis, scopeOf(c, q), { level: q.level, search: q.journey_search, path: q.path });
    return answer(c, JourneySummaryResponse, summary);
  });

  routes.get("/affiliates", async (c) => {
    if (!c.get("user").is_admin) return refuse(c, refusals.adminOnly);
    const query = readQuery(c, RangeQuery);
    if (!query.ok) return query.response;
    const scope = scopeOf(c, query.value);
    const data = await affiliateRows(analysis, scope);
    const unspread = await unspreadFixedCost(reports, scope, data);
    return answer(c, AffiliatesResponse, { data, column_headers: { publisher_id: "Publisher ID", ...tableHeaders }, total: data.length, unspread_fixed_cost: unspread });
  });

  return routes;
};
