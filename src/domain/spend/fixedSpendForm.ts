import { temporal } from "../report/temporal";
import { isEmptyLevel, type FixedCost, type FixedCostFields } from "./costs";
import { fnv1a128 } from "./spendBatchRetry";
import type { SpendEntry, SpendFormValues } from "./spendForm";

/**
 * The create and edit screens of a fixed spend configuration (/account/costs/fixed/create
 * and /account/costs/fixed/{spend}). Their fields and every rule are the spend form's
 * (`spendForm.ts`, with the spend rules of `spendRules.ts`); this module adds what only
 * these screens need: the new form's defaults, the form of a stored configuration, the body an edit sends, the
 * route's id, the create's Idempotency-Key and the screens' words.
 */

/**
 * A new configuration starts with cost 0, from today to tomorrow, daily, every taxonomy
 * empty (the server stores daily as its original frequency too).
 */
export const newFixedSpendForm = (today: string): SpendFormValues => ({
  taxonomy_1: "",
  taxonomy_2: "",
  taxonomy_3: "",
  taxonomy_4: "",
  spend: "0",
  frequency: "daily",
  start_date: today,
  end_date: temporal().PlainDate.from(today).add({ days: 1 }).toString(),
});

/** A cost as the form shows it: at most 2 decimals, without a trailing ".00" ("120", "99.5", "45.25"). */
const costText = (cost: number): string => String(Math.round(cost * 100) / 100);

/** The form of a stored configuration: empty levels ('None') as empty fields, no end date as an empty field. */
export const fixedSpendFormOf = (cost: FixedCost): SpendFormValues => ({
  taxonomy_1: cost.taxonomy_1,
  taxonomy_2: isEmptyLevel(cost.taxonomy_2) ? "" : cost.taxonomy_2,
  taxonomy_3: isEmptyLevel(cost.taxonomy_3) ? "" : cost.taxonomy_3,
  taxonomy_4: isEmptyLevel(cost.taxonomy_4) ? "" : cost.taxonomy_4,
  spend: costText(cost.cost),
  frequency: cost.meta.frequency,
  start_date: cost.start_date,
  end_date: cost.end_date ?? "",
});

/**
 * What an edit sends (PATCH): every field, so that a cleared taxonomy or a single
 * configuration's end date are cleared on the server too (an empty level as "", no end
 * date as null). Built from the spend form's validated body.
 */
export interface FixedSpendUpdate extends FixedCostFields {
  readonly frequency: SpendEntry["frequency"];
}

export const fixedSpendUpdateOf = (entry: SpendEntry): FixedSpendUpdate => ({
  taxonomy_1: entry.taxonomy_1,
  taxonomy_2: entry.taxonomy_2 ?? "",
  taxonomy_3: entry.taxonomy_3 ?? "",
  taxonomy_4: entry.taxonomy_4 ?? "",
  cost: entry.cost,
  start_date: entry.start_date,
  end_date: entry.end_date ?? null,
  frequency: entry.frequency,
});

/** The route segment of the create screen (/account/costs/fixed/create); any other segment names a configuration. */
export const fixedSpendCreateSegment = "create";

/** Largest id a stored configuration can have. */
const largestSpendId = 2_147_483_647;

/**
 * The configuration id of the route's (percent-decoded) `{spend}` parameter: a whole
 * number from 1, written with digits only; null for anything else (no call is made for it).
 */
export const fixedSpendIdOf = (param: string): number | null => {
  if (!/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= largestSpendId ? id : null;
};

/**
 * The `Idempotency-Key` of a create: the screen's own id (one per opened form) and the
 * body. Saving the same body again from the same screen (after a lost answer) repeats the
 * key, so the server answers the first create and stores nothing twice; another body is
 * another create.
 */
export const fixedSpendCreateKey = (formId: string, entry: SpendEntry): string => `spend-form-${fnv1a128(JSON.stringify([formId, entry]))}`;

/** The screens' own words (the list's words, the saved, removed and forbidden messages are `spendListTexts`). */
export const fixedSpendFormTexts = {
  /** The create screen's heading: the list's link that opens it. */
  createTitle: "Add Fixed Spend",
  editTitle: "Edit Fixed Spend",
  /** The edit screen's last crumb: the configuration's id and taxonomy path. */
  editCrumb: (id: number, path: string) => (path === "" ? `#${id}` : `#${id} ${path}`),
  save: "Save",
  saving: "Saving…",
  remove: "Remove",
  removing: "Removing…",
  loading: "Loading the spend configuration…",
  notFoundTitle: "Spend configuration not found",
  notFound: "There is no fixed spend configuration with this id in the selected program.",
  backToList: "Back to Fixed Spend",
  loadFailed: "The spend configuration could not be loaded.",
  retry: "Try again",
} as const;
