import { createContext, useContext } from "react";
import type { AppActors } from "../../machines/shell/appActors";

const AppActorsContext = createContext<AppActors | null>(null);

export const AppActorsProvider = AppActorsContext.Provider;

/** The app-wide actors (session, error dialog, toasts), provided at the root. */
export const useAppActors = (): AppActors => {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error("useAppActors must be used inside <AppActorsProvider>");
  return actors;
};
