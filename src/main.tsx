import { StrictMode } from "react";
import type { InspectionEvent } from "xstate";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import { installTemporal } from "./installTemporal";
import { createAppActors } from "./machines/shell/appActors";
import { App } from "./views/App";
// Loaded with the entry, not as chunks of their own: /login needs both (as does every
// signed-in screen the session scope, and every access page the layout). Inside the entry
// they weigh about 0.3 KB gzipped; as two small chunks, with each chunk's own overhead, 0.8 KB.
import "./machines/shell/sessionScope";
import "./views/access/AccessLayout";
import "./views/styles.css";

const start = async () => {
  await installTemporal();
  // `VITE_INSPECT=1 npm run dev` opens the Stately inspector in a new tab; it is
  // loaded only then, so it never reaches a production bundle.
  let inspect: ((ev: InspectionEvent) => void) | undefined;
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT === "1") {
    const { createBrowserInspector } = await import("@statelyai/inspect");
    const inspector = createBrowserInspector();
    inspect = (ev) => inspector.inspect.next?.(ev);
  }
  const actors = createAppActors({
    apiBaseUrl: import.meta.env.VITE_API_BASE_URL,
    navigate: (to) => navigate(to),
    reloadPage: () => window.location.reload(),
    inspect,
  });
  const root = document.getElementById("root");
  if (!root) throw new Error("The page has no #root element");
  createRoot(root).render(
    <StrictMode>
      <App actors={actors} />
    </StrictMode>,
  );
};

void start();
