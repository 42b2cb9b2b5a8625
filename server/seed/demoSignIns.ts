import { verifyPassword } from "../auth/passwords";
import type { UserQueries } from "../warehouse/warehouse";
import { demoSignIns } from "./demoData";

/**
 * The demo's sign-ins that work in this database (username and the demo's password):
 * a production start (DEMO=off) refuses a database that has any, so they never exist
 * outside the demo.
 */
export const demoSignInsKept = async (users: Pick<UserQueries, "findCredentials">): Promise<ReadonlyArray<string>> => {
  const kept: string[] = [];
  for (const signIn of demoSignIns) {
    const credentials = await users.findCredentials(signIn.username);
    if (credentials && (await verifyPassword(signIn.password, credentials.passwordHash))) kept.push(signIn.username);
  }
  return kept;
};
