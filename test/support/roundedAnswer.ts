/**
 * An answer with every fractional number to 12 significant digits, for comparing two warehouses'
 * answers: the same rows held in another physical order (split across shards, or on another engine)
 * may sum to a float that differs in its last bits (121.59 against 121.59000000000002); every other
 * difference shows.
 */
export const roundedAnswer = (answer: unknown): unknown => {
  if (typeof answer === "number") return Number.isInteger(answer) ? answer : Number(answer.toPrecision(12));
  if (Array.isArray(answer)) return answer.map(roundedAnswer);
  if (answer instanceof Map) return new Map([...answer].map(([key, value]) => [key, roundedAnswer(value)]));
  if (typeof answer === "object" && answer !== null) return Object.fromEntries(Object.entries(answer).map(([key, value]) => [key, roundedAnswer(value)]));
  return answer;
};
