import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";
import { FilledText, RecordId } from "../report/configuration";

/**
 * Seasonality: a program names its
 * seasonality types ("Black Friday", "Summer sale") and tags weeks, each week (its
 * Monday) with at most one type. Diminishing returns uses the types as segments, plus
 * "Untagged" for weeks without a tag.
 */

/** A type with the Mondays of its tagged weeks (those overlapping the asked range), ascending. */
export const SeasonalityType = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  weeks: Schema.Array(Schema.String),
});
export type SeasonalityType = typeof SeasonalityType.Type;

export const SeasonalityList = listAnswer(SeasonalityType);
export type SeasonalityList = typeof SeasonalityList.Type;

/** Creates a type; names are unique per program (compared case-insensitively). */
export const SeasonalityTypeInput = Schema.Struct({ name: FilledText(100) });
export type SeasonalityTypeInput = typeof SeasonalityTypeInput.Type;

/** Tags a week with a type (replacing the week's earlier tag). */
export const SeasonalityWeekTag = Schema.Struct({ type_id: RecordId });
export type SeasonalityWeekTag = typeof SeasonalityWeekTag.Type;
