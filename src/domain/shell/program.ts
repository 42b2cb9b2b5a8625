import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";

/**
 * A program is the account scope: every report is inside one. `code` is what the
 * URL and the API paths carry; `time_zone` is its IANA zone, which its days are taken in
 * (`programTimeZone`); a program made before programs had one has none, and its days are
 * taken in its `utc_offset` ("+HH:MM" / "-HH:MM"), which every program keeps.
 */
export const Program = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  name: Schema.String,
  currency: Schema.String,
  utc_offset: Schema.String,
  locale: Schema.String,
  time_zone: Schema.optional(Schema.String),
});
export type Program = typeof Program.Type;

export const ProgramList = listAnswer(Program);
export type ProgramList = typeof ProgramList.Type;

const symbols = new Map<string, string>();

/**
 * The currency symbol of a program, as Intl.NumberFormat writes it in English ("£", "€", "$",
 * "¥", "A$", "CA$", "CHF", "₹"); £ when the code is none of the ISO 4217 currencies Intl knows.
 */
export const currencySymbol = (currency: string | undefined | null): string => {
  const code = (currency ?? "").trim().toUpperCase();
  const known = symbols.get(code);
  if (known !== undefined) return known;
  let symbol = "£";
  if (/^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code)) {
    symbol =
      new Intl.NumberFormat("en", { style: "currency", currency: code }).formatToParts(0).find((part) => part.type === "currency")?.value ?? "£";
  }
  if (symbols.size < 64) symbols.set(code, symbol);
  return symbol;
};

/** The program a session should land on: the requested one if the user has it, else the first. */
export const chooseProgram = (programs: ReadonlyArray<Program>, requested: string | null | undefined): Program | undefined =>
  programs.find((p) => p.code === requested) ?? programs[0];
