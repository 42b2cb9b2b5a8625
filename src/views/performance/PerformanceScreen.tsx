import { AppShell } from "../shell/AppShell";
import { PerformancePage } from "./PerformancePage";

/** The performance routes inside the signed-in shell (one lazily loaded chunk). */
export const PerformanceScreen = ({ searchTerm }: { readonly searchTerm?: string }) => (
  <AppShell>
    <PerformancePage searchTerm={searchTerm} />
  </AppShell>
);
