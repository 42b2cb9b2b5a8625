import { Either, ParseResult, Schema } from "effect";
import { defaultProgramSettings, isDataDriven, type AttributionModel } from "../settings/programSettings";
import { ProgramChange, ProgramDraft, type AdminProgram } from "./programAdmin";

/**
 * The Programs screen's form (create and edit): the values as typed, checked with the
 * API's own Schemas (programAdmin.ts) so the form says what the server would, per field.
 */

export const programFormFields = [
  "name",
  "code",
  "currency",
  "time_zone",
  "attribution_model",
  "model_level",
  "markov_order",
  "lookback_days",
] as const;
export type ProgramFormField = (typeof programFormFields)[number];

export type ProgramFormValues = Readonly<Record<ProgramFormField, string>>;

/** What a field is refused for, by field (none when the form may be sent). */
export type ProgramFormProblems = Partial<Readonly<Record<ProgramFormField, string>>>;

/** A new program's form: EUR, UTC and the default settings until chosen. */
export const newProgramForm: ProgramFormValues = {
  name: "",
  code: "",
  currency: "EUR",
  time_zone: "UTC",
  attribution_model: defaultProgramSettings.attribution_model,
  model_level: defaultProgramSettings.model_level,
  markov_order: String(defaultProgramSettings.markov_order),
  lookback_days: String(defaultProgramSettings.lookback_days),
};

export const programFormOf = (program: AdminProgram): ProgramFormValues => ({
  name: program.name,
  code: program.code,
  currency: program.currency,
  time_zone: program.time_zone,
  attribution_model: program.attribution_model,
  model_level: program.model_level ?? defaultProgramSettings.model_level,
  markov_order: String(program.markov_order ?? defaultProgramSettings.markov_order),
  lookback_days: String(program.lookback_days),
});

/**
 * Whether the form offers a field for the model chosen: the level with a data-driven model (markov, shapley), the
 * order with markov; the others always.
 */
export const programFormOffers = (field: ProgramFormField, values: ProgramFormValues): boolean => {
  const model = values.attribution_model as AttributionModel;
  if (field === "model_level") return isDataDriven(model);
  if (field === "markov_order") return model === "markov";
  return true;
};

/** The lookback as typed, as a number (NaN for a blank or no number, which the Schema refuses as not whole). */
const lookbackOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/** The body of a create: the fields the form offers for its model. */
export const draftValueOf = (values: ProgramFormValues): Partial<Record<ProgramFormField, unknown>> => {
  const { model_level, markov_order, ...rest } = values;
  return {
    ...rest,
    lookback_days: lookbackOf(values.lookback_days),
    ...(programFormOffers("model_level", values) ? { model_level } : {}),
    ...(programFormOffers("markov_order", values) ? { markov_order: Number(markov_order) } : {}),
  };
};

/** The body of an edit: every editable field the form offers (the same edit again changes nothing). */
export const changeValueOf = (values: ProgramFormValues): Partial<Omit<Record<ProgramFormField, unknown>, "code">> => {
  const { code: _code, ...rest } = draftValueOf(values);
  return rest;
};

const problemsOf = (result: Either.Either<unknown, ParseResult.ParseError>): ProgramFormProblems => {
  if (Either.isRight(result)) return {};
  const problems: Partial<Record<ProgramFormField, string>> = {};
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(result.left)) {
    const field = issue.path[0];
    if (typeof field === "string" && (programFormFields as ReadonlyArray<string>).includes(field) && problems[field as ProgramFormField] === undefined)
      problems[field as ProgramFormField] = issue.message;
  }
  return problems;
};

/** The form's problems: a create checks every field, an edit all but the code. */
export const programFormProblems = (values: ProgramFormValues, mode: "create" | "edit"): ProgramFormProblems =>
  mode === "create"
    ? problemsOf(Schema.decodeUnknownEither(ProgramDraft)(draftValueOf(values), { errors: "all" }))
    : problemsOf(Schema.decodeUnknownEither(ProgramChange)(changeValueOf(values), { errors: "all" }));

export const hasProblems = (problems: ProgramFormProblems): boolean => Object.keys(problems).length > 0;

