import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";
import { AttributionModel, LookbackDays, MarkovOrder, ModelLevel } from "../settings/programSettings";

/**
 * Programs as admins manage them (GET|POST /api/admin/programs, PATCH /api/admin/programs/{code},
 * POST …/{code}/archive and …/unarchive; the Programs screen): a program's name, its code (the
 * slug its URLs carry, never changed once made), its currency (ISO 4217), its time zone (IANA),
 * its attribution model and lookback, and whether it is archived. An archived program keeps all
 * its data; it is left out of every program list and menu, and every other call naming it is
 * refused ('This program is archived').
 */

export const longestProgramName = 100;
export const shortestProgramCode = 2;
export const longestProgramCode = 40;

/** A code: lower-case letters and digits in words joined by single hyphens ("north-wind-2"). */
export const programCodePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The ISO 4217 currencies this runtime knows (`Intl.supportedValuesOf('currency')`). */
export const currencyChoices = (): ReadonlyArray<string> => Intl.supportedValuesOf("currency");

/**
 * The IANA time zones this runtime knows (`Intl.supportedValuesOf('timeZone')`), with "UTC",
 * which that list leaves out.
 */
export const timeZoneChoices = (): ReadonlyArray<string> => {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
};

/** The fixed-offset IANA zones (`Etc/GMT+5` is five hours behind UTC): what a program made before time zones reads as. */
const fixedOffsetZone = /^Etc\/GMT[+-](?:[0-9]|1[0-4])$/;

export const isCurrency = (value: string): boolean => currencyChoices().includes(value);
export const isTimeZone = (value: string): boolean => timeZoneChoices().includes(value) || fixedOffsetZone.test(value);

/**
 * The time zone of a program that was made before programs had one: its whole-hour UTC offset as
 * an IANA fixed-offset zone ("+00:00" is "UTC", "-05:00" is "Etc/GMT+5": IANA's sign is
 * reversed), or "UTC" for an offset that is not whole hours.
 */
export const timeZoneOfOffset = (offset: string): string => {
  const match = /^([+-])([0-9]{2}):00$/.exec(offset);
  const hours = match ? Number(match[2]) : 0;
  if (!match || hours === 0 || hours > 14) return "UTC";
  return `Etc/GMT${match[1] === "+" ? "-" : "+"}${hours}`;
};

/** The UTC offset ("+01:00", "-05:00") a time zone has at an instant (epoch ms). */
export const utcOffsetAt = (timeZone: string, at: number): string => {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = name ? /^GMT([+-][0-9]{2}:[0-9]{2})$/.exec(name) : null;
  return match?.[1] ?? "+00:00";
};

const ProgramName = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "Enter the program's name" }),
  Schema.maxLength(longestProgramName, { message: () => `Use at most ${longestProgramName} characters` }),
);

export const ProgramCode = Schema.String.pipe(
  Schema.minLength(shortestProgramCode, { message: () => `Use ${shortestProgramCode} to ${longestProgramCode} characters` }),
  Schema.maxLength(longestProgramCode, { message: () => `Use ${shortestProgramCode} to ${longestProgramCode} characters` }),
  Schema.pattern(programCodePattern, {
    message: () => "Use lower-case letters, digits and single hyphens between them",
  }),
);

const Currency = Schema.String.pipe(
  Schema.maxLength(3, { message: () => "Choose a currency from the list" }),
  Schema.filter((value) => isCurrency(value) || "Choose a currency from the list"),
);

const TimeZone = Schema.String.pipe(
  Schema.maxLength(64, { message: () => "Choose a time zone from the list" }),
  Schema.filter((value) => isTimeZone(value) || "Choose a time zone from the list"),
);

/** A program as the admin API answers it. */
export const AdminProgram = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  name: Schema.String,
  currency: Schema.String,
  time_zone: Schema.String,
  attribution_model: AttributionModel,
  lookback_days: Schema.Number,
  /** A data-driven model's level and Markov order (the server always sends them; taxonomy_1 and 1 when absent). */
  model_level: Schema.optional(ModelLevel),
  markov_order: Schema.optional(MarkovOrder),
  archived: Schema.Boolean,
});
export type AdminProgram = typeof AdminProgram.Type;

export const AdminProgramList = listAnswer(AdminProgram);
export type AdminProgramList = typeof AdminProgramList.Type;

export const AdminProgramAnswer = Schema.Struct({ data: AdminProgram });
export type AdminProgramAnswer = typeof AdminProgramAnswer.Type;

/** The fields an admin may change on a program (the code stays). */
const editableFields = {
  name: ProgramName,
  currency: Currency,
  time_zone: TimeZone,
  attribution_model: AttributionModel,
  lookback_days: LookbackDays,
};

/** A data-driven model's level and Markov order: sent with a markov or shapley model (the order with markov). */
const modelFields = {
  model_level: Schema.optional(ModelLevel),
  markov_order: Schema.optional(MarkovOrder),
};

/** The body of POST /api/admin/programs. */
export const ProgramDraft = Schema.Struct({ code: ProgramCode, ...editableFields, ...modelFields });
export type ProgramDraft = typeof ProgramDraft.Type;

/** The body of PATCH /api/admin/programs/{code}: any of the editable fields, at least one. */
export const ProgramChange = Schema.Struct({
  name: Schema.optional(editableFields.name),
  currency: Schema.optional(editableFields.currency),
  time_zone: Schema.optional(editableFields.time_zone),
  attribution_model: Schema.optional(editableFields.attribution_model),
  lookback_days: Schema.optional(editableFields.lookback_days),
  ...modelFields,
}).pipe(
  Schema.filter((change) =>
    Object.values(change).every((value) => value === undefined)
      ? "Expected at least one of name, currency, time_zone, attribution_model, lookback_days, model_level, markov_order"
      : undefined,
  ),
);
export type ProgramChange = typeof ProgramChange.Type;
