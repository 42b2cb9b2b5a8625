import { createMachine } from "xstate";
import { appMachine } from "../../../src/machines/shell/app.machine";
import { defineMachineModel, invariant } from "../harness";

/** Two screens and a part, as small as machines go: what the root does with them does not depend on what they are. */
const reportScreen = createMachine({ id: "reportScreen" });
const otherScreen = createMachine({ id: "otherScreen" });
const menuPart = createMachine({ id: "menuPart" });

const performance = { screen: "performance", key: "performance:/", logic: reportScreen, route: { path: [] } };
const drilled = { screen: "performance", key: "performance:/Paid Search", logic: reportScreen, route: { path: ["Paid Search"] } };
const journeys = { screen: "journeys", key: "journeys:", logic: otherScreen, route: {} };
const menu = { key: "mainMenu-1", part: "mainMenu", logic: menuPart, input: {} };

/** The app's root: one screen at a time under its name, a new key a fresh screen, parts by key. */
export const appModel = defineMachineModel({
  name: "app",
  machine: appMachine,
  input: () => ({}),
  events: {
    "app.screenOpened": { performance, drilled, journeys },
    "app.screenClosed": { performance: { key: performance.key }, journeys: { key: journeys.key } },
    "app.partOpened": { menu },
    "app.partClosed": { menu: { key: menu.key } },
  },
  observe: (c) => ({ screen: c.screen?.key ?? null, parts: Object.keys(c.parts).sort() }),
  check: ({ after, before, action }) => {
    const screen = after.context.screen;
    // The screen is the root's child under the screen's name, and the only screen.
    invariant(screen === null || after.children[screen.screen] === screen.ref, "the open screen is the root's child under its name");
    invariant(screen === null || screen.ref.getSnapshot().status === "active", "the open screen runs");
    invariant(screen === null || after.context.session.system.get(screen.screen) === screen.ref, "the open screen is found in the system by its name");
    for (const [key, part] of Object.entries(after.context.parts)) invariant(after.children[key] === part, "every part is the root's child under its key");
    invariant(Object.keys(after.children).filter((id) => ["performance", "journeys"].includes(id)).length === (screen ? 1 : 0), "one screen at a time");
    if (!before || action.kind !== "event") return;
    const was = before.context.screen;
    if (was && was.ref !== screen?.ref) invariant(was.ref.getSnapshot().status === "stopped", "a screen left behind is stopped");
    if (action.event.type === "app.screenOpened" && was?.key === (action.event as { key?: string }).key) invariant(screen?.ref === was?.ref, "the same route keeps its screen");
    for (const id of ["session", "errorDialog", "toasts"]) invariant(after.children[id] !== undefined, `the root keeps its ${id}`);
  },
});
