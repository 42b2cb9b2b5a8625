import { performancePageKind, performanceRouteKey } from "../../domain/performance/performancePage";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { AppShell } from "../shell/AppShell";
import { PerformancePage } from "./PerformancePage";
import { reportRowsId } from "./PerformanceTable";

/** The skip link of a page with a table: straight to its first rows. */
const skipToRows = { href: `#${reportRowsId}`, label: performanceTexts.performanceTable.skipToReport };

/** The performance routes inside the signed-in shell (one lazily loaded chunk); another route is another page, with its own report. */
export const PerformanceScreen = ({ searchTerm, path = [] }: { readonly searchTerm?: string; readonly path?: ReadonlyArray<string> }) => (
  <AppShell skipTo={performancePageKind({ path, searchTerm }) === "levelFourChart" ? undefined : skipToRows}>
    <PerformancePage key={performanceRouteKey({ path, searchTerm })} searchTerm={searchTerm} path={path} />
  </AppShell>
);
