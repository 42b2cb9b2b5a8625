import { useSelector } from "@xstate/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLocation } from "wouter";
import { texts } from "../../domain/shell/texts";
import type { ActorRefFrom } from "xstate";
import { programReportsMachine, programReportsSelectors, type ProgramReportsActorRef } from "../../machines/customReports/programReports.machine";
import { mainMenuMachine, mainMenuSelectors } from "../../machines/shell/mainMenu.machine";
import type { CallsInFlight } from "../../machines/shell/appActors";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "./AppActorsContext";
import { useAppPart, useLastingAppPart } from "./appChildren";
import { isCurrentRoute, menuSectionsFor } from "./menuRoutes";
import { useScreenPreload } from "./ScreenPreloadContext";
import { nextPaint } from "../components/afterNextPaint";

/** Runs `f` when the browser is idle (or soon, where it cannot say); the returned function cancels it. */
const whenIdle = (f: () => void): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(f, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(f, 200);
  return () => window.clearTimeout(handle);
};

/**
 * Runs `f` when no API call is under way and the browser is idle, both at once (a call that
 * starts before the idle time comes waits again); the returned function cancels it.
 */
const whenQuiet = (calls: CallsInFlight, f: () => void): (() => void) => {
  let cancel = () => {};
  const wait = () => {
    cancel = calls.whenNone(() => {
      cancel = whenIdle(() => (calls.count() === 0 ? f() : wait()));
    });
  };
  wait();
  return () => cancel();
};

/**
 * The entries whose code each preload (the app's `preloadScreen`) has loaded: the menu is drawn
 * again with every page, and a new page's menu goes on with the entries not loaded yet instead of
 * asking again for each loaded one, a quiet moment apiece (the last entries, Audit Trail and
 * Changelog, were not reached before they were clicked: issue 27, "Ready fast").
 */
const loadedEntries = new WeakMap<(pathname: string) => Promise<void>, Set<string>>();

const loadedEntriesOf = (preload: (pathname: string) => Promise<void>): Set<string> => {
  const known = loadedEntries.get(preload);
  if (known !== undefined) return known;
  const fresh = new Set<string>();
  loadedEntries.set(preload, fresh);
  return fresh;
};

/**
 * Loads the code of the menu's screens ahead, one at a time when the page is quiet (no API
 * call under way, the browser idle), so following an entry draws its screen at once (issue
 * 27, "Ready fast"). Quiet, not merely idle: a chunk is run on the main thread when it
 * arrives, and loaded during the sign-in it ran while the landing screen's answers came in.
 * Only the entries the person is offered: an admin screen's code never loads for anyone else.
 * An entry loaded once (by any page's menu) is not asked for again; one that failed is.
 */
const usePreloadedEntries = (entryPaths: ReadonlyArray<string>) => {
  const preload = useScreenPreload();
  const { calls } = useAppActors();
  const key = entryPaths.join("\n");
  useEffect(() => {
    const loaded = loadedEntriesOf(preload);
    const queue = key === "" ? [] : key.split("\n").filter((path) => !loaded.has(path));
    let stopped = false;
    let cancel = () => {};
    const next = () => {
      const path = queue.shift();
      if (stopped || path === undefined) return;
      void preload(path)
        .then(() => void loaded.add(path))
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) cancel = whenQuiet(calls, next);
        });
    };
    cancel = whenQuiet(calls, next);
    return () => {
      stopped = true;
      cancel();
    };
  }, [key, preload, calls]);
  return preload;
};

/**
 * The main menu: the screens the signed-in person may open (the route table in
 * menuRoutes.ts; a saved report's entry only while the program has that report), in labelled groups, the current one marked with aria-current="page".
 * On wide screens it is a sidebar, every entry shown; on narrow ones only its 'Menu'
 * button shows, a disclosure (aria-expanded, aria-controls) that opens the groups below
 * it. Escape closes it and puts focus back on the button; following an entry closes it.
 * Links are reached with Tab and followed with Enter.
 */
export const MainMenu = () => {
  // The menu's open/closed state: a part of the app's root while the menu shows.
  const menu = useAppPart("mainMenu", mainMenuMachine);
  // The program's saved reports (kept for the page's life, so each route's menu shows them at once):
  // an entry that opens one is offered only where the program has it.
  const reports = useLastingAppPart("programReports", programReportsMachine);
  return menu && reports ? <MainMenuOf menu={menu} reports={reports} /> : null;
};

const MainMenuOf = ({ menu, reports }: { readonly menu: ActorRefFrom<typeof mainMenuMachine>; readonly reports: ProgramReportsActorRef }) => {
  const { session } = useAppActors();
  const user = useSelector(session, sessionSelectors.user);
  const reportIds = useSelector(reports, programReportsSelectors.reportIds);
  const isOpen = useSelector(menu, mainMenuSelectors.isOpen);
  const [location, navigate] = useLocation();
  const panelId = useId();
  // The entry clicked last, current in the menu at once: an earlier click whose screen's code comes later goes nowhere.
  const chosen = useRef<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  useEffect(() => () => void (chosen.current = null), []);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sections = menuSectionsFor(user, undefined, reportIds);
  const preload = usePreloadedEntries(sections.flatMap(({ entries }) => entries.map((route) => route.path)));
  if (sections.length === 0) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !isOpen) return;
    menu.send({ type: "menu.escaped" });
    buttonRef.current?.focus();
  };

  return (
    <nav aria-label={texts.mainMenu.label} className="main-nav" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="button main-nav-toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => menu.send({ type: "menu.toggled" })}
      >
        <span className="main-nav-toggle-icon" aria-hidden="true">☰</span> {texts.mainMenu.button}
      </button>
      <div id={panelId} className={`main-nav-panel${isOpen ? " is-open" : ""}`}>
        {sections.map(({ group, entries }) => (
          <div key={group} className="main-nav-group">
            <p className="main-nav-group-title" id={`${panelId}-${group}`}>
              {group}
            </p>
            <ul className="main-nav-list" aria-labelledby={`${panelId}-${group}`}>
              {entries.map((route) => (
                <li key={route.path}>
                  <Link
                    href={route.path}
                    aria-current={isCurrentRoute(route, opening ?? location) ? "page" : undefined}
                    onClick={(event) => {
                      menu.send({ type: "menu.entryChosen" });
                      // The entry is current at once, in the click's next frame, and its screen is drawn after that frame (its
                      // first render is the page's longest task: the click's next paint waited for it), with its code here (a
                      // screen that suspends waits for React's next reveal of the routes' fallback, up to 300 ms). A load that
                      // fails is left to the route, which tries again and says so (issue 27, "Ready fast").
                      event.preventDefault();
                      chosen.current = route.path;
                      setOpening(route.path);
                      void Promise.all([preload(route.path).catch(() => undefined), nextPaint()]).then(() => {
                        if (chosen.current !== route.path) return;
                        navigate(route.path);
                        // Its screen is open, or a question kept the page ('Leave without saving?'): the menu follows the address again.
                        setOpening(null);
                      });
                    }}
                    onPointerEnter={() => void preload(route.path).catch(() => undefined)}
                    onFocus={() => void preload(route.path).catch(() => undefined)}
                  >
                    {route.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
};
