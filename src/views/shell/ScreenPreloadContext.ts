import { createContext, useContext } from "react";

/**
 * How the main menu loads its entries' screens ahead, and the sign-in the landing screen (App
 * provides `preloadScreen`; the menu cannot import the routes, which draw the menu). Without a
 * provider nothing is loaded ahead.
 */
const ScreenPreloadContext = createContext<(pathname: string) => Promise<void>>(() => Promise.resolve());

export const ScreenPreloadProvider = ScreenPreloadContext.Provider;
export const useScreenPreload = () => useContext(ScreenPreloadContext);
