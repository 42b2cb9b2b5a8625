import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";

/**
 * A program is the account scope: every report is inside one. `code` is what the
 * URL and the API paths carry; `utc_offset` is "+HH:MM" / "-HH:MM".
 */
export const Program = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  name: Schema.String,
  currency: Schema.String,
  utc_offset: Schema.String,
  locale: Schema.String,
});
export type Program = typeof Program.Type;

export const ProgramList = listAnswer(Program);
export type ProgramList = typeof ProgramList.Type;

const currencySymbols: Record<string, string> = { GBP: "£", EUR: "€", USD: "$", JPY: "¥", AUD: "A$", CAD: "C$" };

/** The currency symbol of a program; £ when none is known. */
export const currencySymbol = (currency: string | undefined | null): string =>
  (currency && currencySymbols[currency.toUpperCase()]) || "£";

/** The program a session should land on: the requested one if the user has it, else the first. */
export const chooseProgram = (programs: ReadonlyArray<Program>, requested: string | null | undefined): Program | undefined =>
  programs.find((p) => p.code === requested) ?? programs[0];
