import { eventTypes, isWellFormedText, maxUrlLength, sentIdPattern, type CollectedEvent } from "./collection";

/**
 * The `CollectedEvent` Schema's answer for an event it takes, without Effect's decoding: a
 * beacon's path checks every event, and the Schema's decoding (its parse issues built whether
 * they are needed or not) was a good part of a batch's CPU. This says yes only for what the
 * Schema takes, with the same value; anything else, or anything it is unsure of (a field present
 * as `undefined`, an array), is null, and the caller decodes with the Schema, which says why it
 * refuses (its words are the refusal's). `test/unit/ingestion/collectedEventCheck.test.ts` holds
 * it to the Schema's answers.
 */
export const collectedEventTaken = (raw: unknown): CollectedEvent | null => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const fields = raw as Record<string, unknown>;
  const { event_id, type, time, visitor_id } = fields;
  if (!isSentId(event_id) || !isSentId(visitor_id)) return null;
  if (type !== eventTypes[0] && type !== eventTypes[1]) return null;
  if (typeof time !== "number" || !Number.isSafeInteger(time) || time < 0) return null;
  const event: { -readonly [K in keyof CollectedEvent]: CollectedEvent[K] } = { event_id, type, time, visitor_id };
  for (const [name, longest, shortest] of optionalTexts) {
    if (!Object.hasOwn(fields, name)) continue;
    const value = fields[name];
    if (value === null) event[name] = null;
    else if (typeof value === "string" && value.length >= shortest && value.length <= longest && isWellFormedText(value)) event[name] = value;
    else return null;
  }
  return event;
};

const isSentId = (value: unknown): value is string => typeof value === "string" && sentIdPattern.test(value);

/** The optional text fields: absent, null, or well-formed text within these lengths. */
const optionalTexts: ReadonlyArray<readonly ["url" | "referrer" | "publisher_id" | "cost_link", number, number]> = [
  ["url", maxUrlLength, 0],
  ["referrer", maxUrlLength, 0],
  ["publisher_id", 256, 1],
  ["cost_link", 256, 1],
];
