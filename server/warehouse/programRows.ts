import type { Program } from "../../src/domain/shell/program";
import { nullableTextOf, numberOf, textOf, type Row } from "./statements";

/** The columns of `programs` that make a `Program` (`programFrom`). */
export const programColumns = "id, code, name, currency, utc_offset, locale, time_zone";

/** A program from a row of `programColumns`; its `time_zone` only when it has one (a program made before time zones has its `utc_offset`). */
export const programFrom = (row: Row): Program => {
  const timeZone = nullableTextOf(row["time_zone"]);
  return {
    id: numberOf(row["id"]),
    code: textOf(row["code"]),
    name: textOf(row["name"]),
    currency: textOf(row["currency"]),
    utc_offset: textOf(row["utc_offset"]),
    locale: textOf(row["locale"]),
    ...(timeZone === null ? {} : { time_zone: timeZone }),
  };
};
