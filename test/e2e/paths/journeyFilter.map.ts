import { quickPoll, type BrowserMap, type PathContext } from "./pathMap";

const dialog = (c: PathContext) => c.page.getByRole("dialog", { name: "Journey Path Filter" });

/** The model's taxonomy values that the demo programs do not have, and the demo's value in their place. */
const demoValue: Readonly<Record<string, string>> = { Promo: "Newsletter" };
const inDemo = (u: unknown): unknown =>
  typeof u === "string"
    ? (demoValue[u] ?? u)
    : Array.isArray(u)
      ? u.map(inDemo)
      : typeof u === "object" && u !== null
        ? Object.fromEntries(Object.entries(u).map(([k, v]) => [k, inDemo(v)]))
        : u;

/** The model's `tagInput.changed` examples: which tag input the person types into, and the tags. */
const tagInputs: Readonly<Record<string, { readonly box: string; readonly tags: ReadonlyArray<string> }>> = {
  "first: Email / Promo": { box: "First touchpoint 1", tags: ["Email", "Promo"] },
  "anywhere 1: Direct": { box: "Anywhere in the journey 1", tags: ["Direct"] },
  "anywhere 2: Paid Search": { box: "Anywhere in the journey 2", tags: ["Paid Search"] },
  "before: Email": { box: "Before and after 1: Before", tags: ["Email"] },
  "after: Direct": { box: "Before and after 1: After", tags: ["Direct"] },
};

/** What the model observes of the filter: the request it would apply, the anywhere entries and the first pair. */
interface Observed {
  readonly request: Record<string, unknown>;
  readonly anywhere: number;
  readonly pair: { readonly before: boolean; readonly after: boolean; readonly immediately: boolean } | null;
}
const observedOf = (c: PathContext): Observed => c.observed as Observed;

/**
 * The 'Journey Path Filter' modal of /journeys: tags typed into the touchpoints' tag
 * inputs (confirmed with Enter), entries added and removed, the connector and the
 * 'immediately' box, and Close; on Close the page's URL holds the request the model
 * predicts (with the demo's taxonomy values).
 */
export const journeyFilterMap: BrowserMap = {
  machine: "journeyFilter",
  signedIn: "demo",
  open: async (c) => {
    await c.page.goto("/journeys");
    await c.page.getByRole("button", { name: "Filter Journey" }).click();
    await c.expect(dialog(c)).toBeVisible();
  },
  events: {
    "tagInput.changed": async (c, { label }) => {
      const input = tagInputs[label];
      if (!input) throw new Error(`no tag input for the model's example '${label}'`);
      for (const tag of input.tags) {
        const box = dialog(c).getByRole("combobox", { name: input.box, exact: true });
        await box.fill(String(inDemo(tag)));
        await box.press("Enter");
      }
      await c.expect(dialog(c).getByRole("list", { name: `${input.box}: Chosen levels` }).getByRole("listitem")).toHaveCount(input.tags.length);
    },
    "journeyFilter.touchpointAdded": async (c) => {
      await dialog(c).getByRole("group", { name: "Anywhere in the journey" }).getByRole("button", { name: "Add touchpoint" }).click();
    },
    "journeyFilter.entryRemoved": async (c, { label }) => {
      const name = label === "pair" ? "Before and after 1" : "Anywhere in the journey 1";
      await dialog(c).getByRole("button", { name: `Remove ${name}`, exact: true }).click();
    },
    "journeyFilter.connectorChosen": async (c) => {
      await dialog(c).getByRole("radio", { name: "all of them (and)" }).check();
    },
    "journeyFilter.immediatelySet": async (c) => {
      await dialog(c).getByRole("checkbox", { name: "Immediately before / after" }).check();
    },
    "journeyFilter.comparisonAdded": { notInPaths: "the model keeps to the first pair (added and removed by the page's own tests)" },
    "journeyFilter.closed": async (c) => {
      await dialog(c).getByRole("button", { name: "Close" }).click();
    },
  },
  actors: {},
  delays: [],
  states: {
    journeyFilter: null,
    "journeyFilter.editing": async (c) => {
      const { anywhere, pair } = observedOf(c);
      await c.expect(dialog(c)).toBeVisible();
      await c.expect(dialog(c).getByRole("button", { name: /^Remove Anywhere in the journey \d+$/ })).toHaveCount(anywhere);
      const box = dialog(c).getByRole("checkbox", { name: "Immediately before / after" });
      if (pair === null) await c.expect(box).toHaveCount(0);
      else if (pair.immediately) await c.expect(box).toBeChecked();
      else await c.expect(box).not.toBeChecked();
    },
    "journeyFilter.closed": async (c) => {
      await c.expect(dialog(c)).toBeHidden();
      const request = inDemo(observedOf(c).request) as Record<string, unknown>;
      const applied = () => {
        const raw = new URL(c.page.url()).searchParams.get("journey_search");
        return raw === null ? {} : (JSON.parse(raw) as unknown);
      };
      await c.expect.poll(applied, { ...quickPoll, message: "the page's URL holds the filter's request" }).toEqual(request);
    },
  },
};
