import { createElement, lazy, useState, type ComponentType } from "react";
import { loadOnce } from "./screenChunks";

/** A screen whose code may be loaded before it is opened, and then draws without suspending. */
export interface PreloadableScreen<P extends object> {
  readonly Screen: ComponentType<P>;
  /** Starts (or joins) the load of the screen's code. */
  readonly preload: () => Promise<ComponentType<P>>;
}

/**
 * A lazily loaded screen that can be loaded early (issue 27, "Ready fast"). React's `lazy()`
 * suspends on its first render even when its code is already here, and React reveals a
 * boundary that showed its fallback at most every 300 ms: every first visit of a menu entry
 * waited that long before its screen started. Once `preload` (or a first render) has loaded
 * the code, the screen draws the loaded component at once. Which of the two a mount draws is
 * decided when it mounts, so a mounted screen never switches (that would mount it again).
 */
export const preloadableScreen = <P extends object>(load: () => Promise<ComponentType<P>>): PreloadableScreen<P> => {
  let loaded: ComponentType<P> | undefined;
  const preload = loadOnce(() =>
    load().then((component) => {
      loaded = component;
      return component;
    }),
  );
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Screen = (props: P) => {
    const [Loaded] = useState(() => loaded);
    return Loaded === undefined ? createElement(Lazy as ComponentType<P>, props) : createElement(Loaded, props);
  };
  return { Screen, preload };
};
