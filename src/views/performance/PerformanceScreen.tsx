import { AppShell } from "../shell/AppShell";
import { PerformancePage } from "./PerformancePage";

/** The performance routes inside the signed-in shell (one lazily loaded chunk). */
export const PerformanceScreen = ({ searchTerm, path = [] }: { readonly searchTerm?: string; readonly path?: ReadonlyArray<string> }) => (
  <AppShell>
    <PerformancePage key={searchTerm !== undefined ? `search:${searchTerm}` : `path:${path.length}`} searchTerm={searchTerm} path={path} />
  </AppShell>
);
