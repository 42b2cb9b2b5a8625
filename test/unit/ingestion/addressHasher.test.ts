import { describe, expect, it } from "vitest";
import { createAddressHasher } from "../../../server/routes/ingestionRequests";

/** The rate rule's salted address hashes (server/routes/ingestionRequests.ts): remembered for the day, never past it. */
describe("the address hasher", () => {
  const day = 86_400_000;
  it.each([
    { name: "the same address later the same UTC day", first: "203.0.113.7", second: "203.0.113.7", laterMs: day - 2, same: true },
    { name: "another address the same day", first: "203.0.113.7", second: "203.0.113.8", laterMs: 1000, same: false },
    { name: "the same address the next UTC day (a new salt)", first: "203.0.113.7", second: "203.0.113.7", laterMs: day - 1, same: false },
  ])("hashes $name: the same hash $same", ({ first, second, laterMs, same }) => {
    // The clock starts a millisecond into a UTC day.
    let now = 20_000 * day + 1;
    const hash = createAddressHasher(() => now);
    const before = hash(first);
    expect(before).toMatch(/^[0-9a-f]{24}$/);
    expect(before).not.toContain(first);
    now += laterMs;
    expect(hash(second) === before).toBe(same);
  });
});
