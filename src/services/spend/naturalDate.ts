import * as chrono from "chrono-node";

/**
 * Natural-language dates of the fixed spend batch import ("next Friday", "3 days ago",
 * "5th of March"), read with chrono-node relative to `today` (YYYY-MM-DD; the device's
 * day when not given). Only the batch import wizard imports this module, so the parser
 * loads with its chunk alone. Answers YYYY-MM-DD, or null when the text is not one date
 * (nothing read, or the date found covers only part of the text).
 */
export const naturalDate = (text: string, today?: string): string | null => {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const reference = today !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(today) ? new Date(`${today}T12:00:00`) : new Date();
  const [found] = chrono.en.casual.parse(trimmed, reference);
  if (found === undefined || found.text.length < trimmed.replace(/[.,;]+$/, "").length) return null;
  const year = found.start.get("year");
  const month = found.start.get("month");
  const day = found.start.get("day");
  if (year === null || month === null || day === null || !(found.start.isCertain("day") || found.start.isCertain("weekday"))) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};
