import { Schema } from "effect";
import { numberOfChoice, OnOffText, pageChoice, queryChoice, queryText, type QueryChoice, type ReportQueryShape } from "../report/reportQuery";
import { readWhatIfSpend, weeksPerPageOptions } from "./diminishingReturns";

/** The choices a person makes on the diminishing-returns page, as its URL carries them. */
export interface DiminishingChoices {
  /** Seasonality types whose weeks are hidden (every segment is shown by default). */
  readonly hiddenSeasons: ReadonlyArray<string>;
  /** Whether the untagged weeks are shown. */
  readonly untagged: boolean;
  readonly page: number;
  readonly perPage: number;
  /** The what-if weekly spend as typed ("" for none). */
  readonly whatIf: string;
}

/** A list of names as a JSON array of texts (anything else reads as not valid). */
const namesChoice = (key: string): QueryChoice<ReadonlyArray<string>> =>
  queryChoice(
    key,
    Schema.transform(Schema.parseJson(Schema.Array(Schema.NonEmptyString)), Schema.Array(Schema.String), {
      strict: true,
      decode: (names) => [...new Set(names)],
      encode: (names) => names,
    }),
    [],
  );

/** The untagged weeks' checkbox: written only when off. */
const untaggedChoice: QueryChoice<boolean> = queryChoice("untagged", OnOffText, true);

/** A what-if weekly spend: kept only when it reads as a spend above 0. */
const whatIfChoice: QueryChoice<string> = queryChoice(
  "what_if",
  queryText<string>(
    "a spend above 0",
    (raw) => (readWhatIfSpend(raw) === null ? null : raw),
    (text) => (readWhatIfSpend(text) === null ? "" : String(readWhatIfSpend(text))),
  ),
  "",
);

export const diminishingQuery: ReportQueryShape<DiminishingChoices> = {
  hiddenSeasons: namesChoice("hide_seasons"),
  untagged: untaggedChoice,
  page: pageChoice(),
  perPage: numberOfChoice("per_page", weeksPerPageOptions as readonly [number, ...number[]]),
  whatIf: whatIfChoice,
};
