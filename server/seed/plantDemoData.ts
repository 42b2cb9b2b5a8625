import { hashPassword, strongScryptCost, type ScryptCost } from "../auth/passwords";
import type { Warehouse } from "../warehouse/warehouse";
import { loadDemoAnalytics } from "./demoAnalyticsSql";
import type { DemoData } from "./demoData";

/**
 * Hashes the demo passwords (fresh salts) and loads the data set in one transaction: a
 * failure leaves the database empty, so the next start seeds it again.
 */
export const plantDemoData = async (
  warehouse: Warehouse,
  data: DemoData,
  cost: ScryptCost = strongScryptCost,
): Promise<void> => {
  const users = await Promise.all(
    data.users.map(async ({ password, ...user }) => ({ ...user, passwordHash: await hashPassword(password, cost) })),
  );
  await warehouse.demoData.load({
    programs: data.programs,
    users,
    memberships: data.memberships,
    messages: data.messages,
  }, (sql) => loadDemoAnalytics(sql, data.analytics));
};
