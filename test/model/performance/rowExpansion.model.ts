import { fromCallback, type EventObject } from "xstate";
import { peekId, rowExpansionMachine, type RowExpansionInput } from "../../../src/machines/performance/rowExpansion.machine";
import type { PeekTableInput } from "../../../src/machines/performance/peekTable.machine";
import { defineMachineModel, invariant } from "../harness";
import { laterReport, report } from "./tableFixtures";

const sort = { column: "attributed_revenue", direction: "desc" } as const;
const levelOnePage: RowExpansionInput = { params: report, base: [], deepestLevel: 3, sort };
const channelPage: RowExpansionInput = { params: report, base: ["Paid Search"], deepestLevel: 4, sort };

const key = (p: ReadonlyArray<string>) => p.join(" / ");
const december = { from: "2025-12-01", to: "2025-12-31" };
const below = (p: ReadonlyArray<string>, ancestor: ReadonlyArray<string>) => p.length > ancestor.length && ancestor.every((v, i) => p[i] === v);

/** What is open on a performance page, and the peek tables of the open rows. */
export const rowExpansionModel = defineMachineModel({
  name: "rowExpansion",
  machine: rowExpansionMachine,
  input: { levelOnePage: () => levelOnePage, channelPage: () => channelPage },
  events: {
    "expansion.toggled": {
      channel: { path: ["Paid Search"] },
      campaign: { path: ["Paid Search", "Brand"] },
      adGroup: { path: ["Paid Search", "Brand", "Shoes"] },
      none: { path: ["Paid Search", "None"] },
    },
    "expansion.paramsChanged": (s) => ({ later: { params: laterReport, base: s.context.base } }),
    "expansion.sortChanged": { clicks: { sort: { column: "clicks", direction: "asc" } } },
    "expansion.peekFailed": { campaign: { path: ["Paid Search", "Brand"] } },
    // Comparison mode on (December) and off: one change at a time keeps the graph small.
    "expansion.comparisonChanged": (s): Record<string, { range: { from: string; to: string } | null }> =>
      s.context.comparisonRange === null ? { on: { range: december } } : { off: { range: null } },
  },
  // The peek tables are stand-ins recording how they were started and what they hear.
  provide: (rig) => ({
    actors: {
      peekTable: fromCallback<EventObject, PeekTableInput>(({ input, receive }) => {
        rig.record("actor", "peekTable", input.path);
        rig.record("actor", "peekTableComparison", input.comparisonRange ?? null);
        receive((event) => rig.record("received", key(input.path), event));
      }),
    },
  }),
  observe: (c) => ({ params: c.params?.range.from ?? null, open: c.open.map(key), sort: c.sort.column, comparing: c.comparisonRange !== null }),
  strategies: { simple: { observe: (c) => ({ open: c.open.length }), maxPaths: 80 } },
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    // Every open row may be open, and has its own peek table; nothing else runs.
    for (const p of c.open) {
      invariant(!p.includes("None"), `'None' row ${key(p)} is open`);
      invariant(p.length < c.deepestLevel, `${key(p)} is past the deepest level`);
      invariant(below(p, c.base), `${key(p)} is not under the page`);
    }
    const children = Object.keys(after.children).sort();
    invariant(JSON.stringify(children) === JSON.stringify(c.open.map(peekId).sort()), `peek tables ${children.join(", ")} for open rows ${c.open.map(key).join(", ")}`);

    const opened = c.open.filter((p) => !before?.context.open.some((q) => key(q) === key(p)));
    const started = newCalls.filter((x) => x.kind === "actor" && x.name === "peekTable").map((x) => key(x.payload as string[]));
    invariant(JSON.stringify(started) === JSON.stringify(opened.map(key)), `peek tables started for ${started.join(", ")}`);

    // A peek table opened while comparing starts with the comparison dates, otherwise with none.
    for (const x of newCalls.filter((call) => call.kind === "actor" && call.name === "peekTableComparison")) {
      invariant(JSON.stringify(x.payload) === JSON.stringify(c.comparisonRange), "a new peek table starts with the page's comparison dates");
    }

    if (action.kind !== "event" || !before) return;
    if (action.event.type === "expansion.comparisonChanged") {
      for (const p of c.open) {
        const heard = newCalls.filter((x) => x.kind === "received" && x.name === key(p)).map((x) => x.payload);
        invariant(JSON.stringify(heard) === JSON.stringify([{ type: "peek.comparisonChanged", range: c.comparisonRange }]), `open peek ${key(p)} hears the comparison dates`);
      }
    }
    const event = action.event as EventObject & { path?: ReadonlyArray<string> };
    const wasOpen = (p: ReadonlyArray<string>) => before.context.open.some((q) => key(q) === key(p));
    const isOpen = (p: ReadonlyArray<string>) => c.open.some((q) => key(q) === key(p));
    if (event.type === "expansion.toggled" && event.path && wasOpen(event.path)) {
      invariant(!c.open.some((p) => key(p) === key(event.path ?? []) || below(p, event.path ?? [])), "closing a row closes the rows below it");
    }
    if (event.type === "expansion.paramsChanged" && before.context.params !== c.params) {
      const kept = before.context.open.filter((p) => p.length === 3);
      invariant(JSON.stringify(c.open.map(key)) === JSON.stringify(kept.map(key)), "a reload keeps only level three open");
      for (const p of kept) {
        const heard = newCalls.filter((x) => x.kind === "received" && x.name === key(p)).map((x) => (x.payload as EventObject).type);
        invariant(heard.includes("peek.paramsChanged"), `kept peek ${key(p)} reloads`);
      }
    }
    if (event.type === "expansion.peekFailed" && event.path && wasOpen(event.path)) {
      invariant(isOpen(event.path), "the failed row stays open (showing no data)");
      invariant(!c.open.some((p) => below(p, event.path ?? [])), "a failed peek clears the tree below it");
    }
    if (event.type === "expansion.sortChanged" && before.context.sort !== c.sort) {
      for (const p of c.open) {
        invariant(newCalls.some((x) => x.kind === "received" && x.name === key(p) && (x.payload as EventObject).type === "peek.sortChanged"), `${key(p)} re-sorts`);
      }
    }
  },
});
