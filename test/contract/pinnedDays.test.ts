import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiminishingResponse } from "../../src/domain/analysis/analysis";
import { shownWeeks } from "../../src/domain/diminishingReturns/diminishingReturns";
import { ChartResponse } from "../../src/domain/performance/performance";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { dayOf, daysBefore, midWeekRangeBefore } from "../support/days";
import { pinnedDays } from "../support/pinnedDays";
import { decoded, openContractApp, type ContractApp } from "./contractApp";

/**
 * The server's day-relative answers on every pinned day (test/support/pinnedDays.ts): the
 * app runs on a clock at the day's instant over demo data generated for that day, as a
 * server started that day (or with CLOCK_START) would.
 */
describe.each(pinnedDays)("on the pinned day $name ($now)", (day) => {
  const at = Date.parse(day.now);
  const base = "/api/programs/northwind/performance";
  let t: ContractApp;
  let token: string;

  beforeAll(async () => {
    t = await openContractApp({ at: day.now });
    await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(1);
    token = await t.signIn("demo");
  }, 120_000);
  afterAll(() => t.close());

  const get = (path: string) => t.call("GET", `${base}${path}`, { token });

  it("the data runs up to the clock's day: the last 7 days by day are 7 points ending today, today's among those with visits", async () => {
    const range = `date_from=${daysBefore(at, 6)}&date_to=${dayOf(at)}`;
    const daily = decoded(await get(`/chart/single?${range}&interval=day`), ChartResponse);
    expect(daily.data.map((p) => p.conversion_date)).toEqual(Array.from({ length: 7 }, (_, i) => daysBefore(at, 6 - i)));
    expect(daily.data.filter((p) => p.clicks > 0).length).toBeGreaterThanOrEqual(5);
    const tomorrow = decoded(await get(`/chart/single?date_from=${daysBefore(at, -1)}&date_to=${daysBefore(at, -1)}&interval=day`), ChartResponse);
    expect(tomorrow.data.every((p) => p.clicks === 0)).toBe(true);
  });

  it("a range starting and ending mid-week: weekly points on Mondays, a part week at each end and whole weeks between", async () => {
    const range = midWeekRangeBefore(at, 20, 20);
    const answer = decoded(await get(`/diminishing/multi/taxonomy_1?date_from=${range.from}&date_to=${range.to}`), DiminishingResponse);
    expect(answer.data.length).toBeGreaterThan(0);
    const busiest = [...answer.data].sort((a, b) => b.data.length - a.data.length)[0] ?? null;
    const weeks = shownWeeks(busiest, [], range);
    expect(weeks).toHaveLength(22);
    for (const week of weeks) expect(new Date(`${week.date}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.map((w) => w.whole)).toEqual([false, ...Array.from({ length: 20 }, () => true), false]);
  });

  it("weekly and monthly charts start their first point on the Monday and the first of the month the range falls in", async () => {
    const from = daysBefore(at, 45);
    const range = `date_from=${from}&date_to=${dayOf(at)}`;
    const weekly = decoded(await get(`/chart/single?${range}&interval=week`), ChartResponse);
    const monday = new Date(Date.parse(`${from}T00:00:00Z`) - ((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7) * 86_400_000);
    expect(weekly.data[0]?.conversion_date).toBe(dayOf(monday.getTime()));
    for (const p of weekly.data) expect(new Date(`${p.conversion_date}T00:00:00Z`).getUTCDay()).toBe(1);
    const monthly = decoded(await get(`/chart/single?${range}&interval=month`), ChartResponse);
    expect(monthly.data.map((p) => p.conversion_date)).toEqual([...new Set([from, daysBefore(at, 30), daysBefore(at, 15), dayOf(at)].map((d) => `${d.slice(0, 7)}-01`))]);
  });
});
