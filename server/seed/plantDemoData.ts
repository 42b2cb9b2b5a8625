import { hashPassword, strongScryptCost, type ScryptCost } from "../auth/passwords";
import type { Warehouse } from "../warehouse/warehouse";
import { loadDemoAnalytics, type NewestDay } from "./demoAnalyticsSql";
import type { DemoData } from "./demoData";

/**
 * Hashes the demo passwords (fresh salts) and loads the data set in one transaction: a
 * failure leaves the database empty, so the next start seeds it again. With
 * `holdNewestDay` each program's newest day is answered instead of written, for the start
 * to send through the ingest path (`loadDemoAnalytics`); otherwise the answer is empty.
 */
export const plantDemoData = async (
  warehouse: Warehouse,
  data: DemoData,
  cost: ScryptCost = strongScryptCost,
  options: { readonly holdNewestDay?: boolean } = {},
): Promise<NewestDay> => {
  let newestDay: NewestDay = [];
  const users = await Promise.all(
    data.users.map(async ({ password, ...user }) => ({ ...user, passwordHash: await hashPassword(password, cost) })),
  );
  await warehouse.demoData.load({
    programs: data.programs,
    users,
    memberships: data.memberships,
    messages: data.messages,
  }, async (sql) => {
    newestDay = await loadDemoAnalytics(sql, data.analytics, options);
  });
  return newestDay;
};
