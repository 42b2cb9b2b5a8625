import type { ComponentType } from "react";
import { paths } from "../shell/routePaths";

/** A screen of the account area: its route, and how its chunk is loaded. */
export interface AccountScreen {
  readonly path: string;
  // Wouter hands a route's component its params; screens without params ignore them.
  readonly load: () => Promise<ComponentType<{ readonly params: Record<string, string | undefined> }>>;
}

/**
 * Every /account/… route in match order, each screen its own chunk. The app's router
 * loads this table with AccountRoutes.tsx once for any /account/ path, so the /login entry
 * chunk carries one route for the whole area however many screens it gains. A new account screen adds its
 * line here (and its menu entry in menuRoutes.ts). The table imports nothing but paths:
 * a module shared with the entry would make the bundler split the entry's own libraries
 * into a chunk of their own, which costs /login more than it saves.
 */
export const accountScreens: ReadonlyArray<AccountScreen> = [
  { path: paths.fixedSpend, load: () => import("../spend/FixedSpendPage").then((m) => m.FixedSpendPage) },
  { path: paths.fixedSpendBatch, load: () => import("../spend/SpendImportPage").then((m) => m.FixedSpendImportPage) },
  // /account/costs/fixed/create and /account/costs/fixed/{spend}, after the batch route.
  { path: `${paths.fixedSpend}/:spend`, load: () => import("../spend/FixedSpendFormPage").then((m) => m.FixedSpendFormPage) },
  { path: paths.variableSpend, load: () => import("../spend/VariableSpendPage").then((m) => m.VariableSpendPage) },
  { path: paths.variableSpendBatch, load: () => import("../spend/SpendImportPage").then((m) => m.VariableSpendImportPage) },
  { path: "/account/connections", load: () => import("../connections/ConnectionsPage").then((m) => m.ConnectionsPage) },
  { path: "/account/connections/:connection", load: () => import("../connections/ConnectionPage").then((m) => m.ConnectionPage) },
  { path: paths.accountProfile, load: () => import("./AccountProfilePage").then((m) => m.AccountProfilePage) },
  { path: "/account/data-sources", load: () => import("../dataSources/DataSourcesPage").then((m) => m.DataSourcesPage) },
];
