import { performanceRouteKey } from "../../domain/performance/performancePage";
import { AppShell } from "../shell/AppShell";
import { PerformancePage } from "./PerformancePage";

/** The performance routes inside the signed-in shell (one lazily loaded chunk); another route is another page, with its own report. */
export const PerformanceScreen = ({ searchTerm, path = [] }: { readonly searchTerm?: string; readonly path?: ReadonlyArray<string> }) => (
  <AppShell>
    <PerformancePage key={performanceRouteKey({ path, searchTerm })} searchTerm={searchTerm} path={path} />
  </AppShell>
);
