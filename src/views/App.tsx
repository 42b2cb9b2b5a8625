import { lazy, Suspense } from "react";
import { Redirect, Route, Router, Switch, useLocation } from "wouter";
import type { AppActors } from "../machines/shell/appActors";
import { AppActorsProvider } from "./shell/AppActorsContext";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { paths } from "./shell/routePaths";
import { routeParam, useRawLocation, useRawSearch } from "./shell/rawLocation";
import { ErrorDialog } from "./shell/ErrorDialog";
import { ExpiryRedirect } from "./shell/SessionGuard";
import { ScreenPreloadProvider } from "./shell/ScreenPreloadContext";
import { accountArea, performanceArea, preloadScreen, reportArea } from "./shell/screenPreload";
import { Toasts } from "./shell/Toasts";

// Each screen is its own chunk, so /login loads only what signing in needs.
const LoginPage = lazy(() => import("./access/LoginPage").then((m) => ({ default: m.LoginPage })));
const LogoutPage = lazy(() => import("./access/LogoutPage").then((m) => ({ default: m.LogoutPage })));
const RecoverPasswordPage = lazy(() => import("./access/RecoverPasswordPage").then((m) => ({ default: m.RecoverPasswordPage })));
const FirstRunPage = lazy(() => import("./access/FirstRunPage").then((m) => ({ default: m.FirstRunPage })));
const ResetPasswordPage = lazy(() => import("./access/ResetPasswordPage").then((m) => ({ default: m.ResetPasswordPage })));
const AcceptInvitationPage = lazy(() => import("./access/AcceptInvitationPage").then((m) => ({ default: m.AcceptInvitationPage })));
// The account area behind one lazy route: its routes and table of screens
// (account/AccountRoutes.tsx, account/accountScreens.ts) load on the first /account/ path,
// and each screen is a lazy chunk of its own.
// The three areas load ahead too, with the main menu's entries (shell/screenPreload.ts).
const AccountRoutes = accountArea.Screen;
// The analysis reports behind one lazy route: their table (reports/reportScreens.ts) loads
// for any path no route above claims, and each report is a lazy chunk of its own.
const ReportRoutes = reportArea.Screen;
// The performance page behind one lazy route: its routes (performance/PerformanceRoutes.tsx)
// load with the page itself, in one chunk, for /performance and any path under it; the
// sign-in starts the same load as it sends the password (shell/screenChunks.ts).
const PerformanceRoutes = performanceArea.Screen;

const Routes = () => {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<p className="loading page-loading" role="status">Loading…</p>}>
      <Switch>
        <Route path="/">
          <Redirect to={paths.performance} replace />
        </Route>
        <Route path={paths.login} component={LoginPage} />
        <Route path={paths.logout} component={LogoutPage} />
        <Route path={paths.recoverPassword} component={RecoverPasswordPage} />
        <Route path={paths.setup} component={FirstRunPage} />
        <Route path="/reset-password/:token">{(p) => <ResetPasswordPage key={p.token} token={routeParam(p.token)} />}</Route>
        <Route path="/accept-invitation/:token">{(p) => <AcceptInvitationPage key={p.token} token={routeParam(p.token)} />}</Route>
        <Route path={`${paths.performance}/*?`} component={PerformanceRoutes} />
        <Route path="/account/*" component={AccountRoutes} />
        <Route component={ReportRoutes} />
      </Switch>
      </Suspense>
    </ErrorBoundary>
  );
};

export const App = ({ actors }: { readonly actors: AppActors }) => (
  <AppActorsProvider value={actors}>
    <ScreenPreloadProvider value={preloadScreen}>
      <Router hook={useRawLocation} searchHook={useRawSearch}>
        <Routes />
        <ExpiryRedirect />
        <ErrorDialog />
        <Toasts />
      </Router>
    </ScreenPreloadProvider>
  </AppActorsProvider>
);
