import { describe, expect, it } from "vitest";
import {
  isUnexpired,
  judgeResetLink,
  resetLinkExpiresAt,
  resetLinkLifetimeMs,
  sessionExpiresAt,
  sessionLifetimeMs,
  throttleKey,
} from "../../server/auth/policy";
import { hashPassword, parseStoredHash, verifyPassword } from "../../server/auth/passwords";
import { SlidingWindowLimit } from "../../server/auth/throttle";
import { isTokenShaped, issueToken, tokenDigest } from "../../server/auth/tokens";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { integerBetween, mulberry32, pick } from "../../server/seed/prng";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdbWarehouse";

describe("mulberry32", () => {
  it.each([
    [1, [0.6270739405881613, 0.002735721180215478, 0.5274470399599522]],
    [42, [0.6011037519201636, 0.44829055899754167, 0.8524657934904099]],
    [20250101, null],
  ])("seed %d gives the same sequence every time, inside [0, 1)", (seed, expected) => {
    const first = mulberry32(seed);
    const second = mulberry32(seed);
    const a = Array.from({ length: 1000 }, first);
    const b = Array.from({ length: 1000 }, second);
    expect(a).toEqual(b);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    if (expected) expect(a.slice(0, 3)).toEqual(expected);
  });

  it("gives different sequences for different seeds", () => {
    expect(Array.from({ length: 5 }, mulberry32(1))).not.toEqual(Array.from({ length: 5 }, mulberry32(2)));
  });

  it.each([
    [0, 0],
    [1, 6],
    [-3, 3],
    [10, 11],
  ])("integerBetween(%d, %d) stays inside both ends and reaches them", (min, max) => {
    const random = mulberry32(9);
    const seen = new Set(Array.from({ length: 500 }, () => integerBetween(random, min, max)));
    expect([...seen].every((n) => Number.isInteger(n) && n >= min && n <= max)).toBe(true);
    expect(seen.has(min) && seen.has(max)).toBe(true);
  });

  it("pick answers an item of the list", () => {
    const random = mulberry32(3);
    const items = ["a", "b", "c"] as const;
    for (let i = 0; i < 100; i++) expect(items).toContain(pick(random, items));
  });
});

describe("generateDemoData", () => {
  it("is determined by its parameters", () => {
    expect(generateDemoData({ seed: 11, scale: 1 })).toEqual(generateDemoData({ seed: 11, scale: 1 }));
    expect(generateDemoData({ seed: 11, scale: 3 })).toEqual(generateDemoData({ seed: 11, scale: 3 }));
    expect(generateDemoData({ seed: 11, scale: 1 })).not.toEqual(generateDemoData({ seed: 12, scale: 1 }));
  });

  it("has the three demo programs in three currencies and the three demo sign-ins", () => {
    const data = generateDemoData({ seed: 1, scale: 1 });
    expect(data.programs.map((p) => [p.code, p.currency, p.utc_offset, p.locale])).toEqual([
      ["northwind", "GBP", "+00:00", "en-GB"],
      ["bluepeak", "USD", "-05:00", "en-US"],
      ["lumen", "EUR", "+01:00", "de-DE"],
    ]);
    const byName = new Map(data.users.map((u) => [u.username, u]));
    const programsOf = (username: string) =>
      data.memberships.filter((m) => m.userId === byName.get(username)?.id).map((m) => m.programId);
    expect(programsOf("demo")).toEqual([1, 2]);
    expect(programsOf("other")).toEqual([3]);
    expect(byName.get("admin")?.isAdmin).toBe(true);
    expect(byName.get("demo")?.email).toBe("demo@example.com");
  });

  it.each([
    [0.5, 1],
    [1, 2],
    [4, 8],
  ])("scale %d gives %d extra analysts", (scale, analysts) => {
    expect(generateDemoData({ seed: 1, scale }).users.filter((u) => u.username.startsWith("analyst"))).toHaveLength(analysts);
  });

  it("has unique ids, system, user and program messages, and exactly one script payload", () => {
    const data = generateDemoData({ seed: 5, scale: 2 });
    expect(new Set(data.messages.map((m) => m.id)).size).toBe(data.messages.length);
    expect(new Set(data.users.map((u) => u.id)).size).toBe(data.users.length);
    const kinds = new Set(data.messages.map((m) => m.audience.kind));
    expect(kinds).toEqual(new Set(["system", "user", "program"]));
    expect(data.messages.filter((m) => /onerror=/i.test(m.html))).toHaveLength(1);
    expect(data.messages.filter((m) => m.audience.kind === "program" && m.audience.programId === 1)).toHaveLength(2);
  });

  it("loads the same rows into two warehouses", async () => {
    const read = async () => {
      const warehouse = await openDuckDbWarehouse({ path: ":memory:", clock: () => 0 });
      await plantDemoData(warehouse, generateDemoData({ seed: 99, scale: 1 }), { N: 1024, r: 8, p: 1 });
      const rows = {
        programs: await warehouse.programs.all(),
        system: await warehouse.messages.system(),
        demo: await warehouse.messages.forUser(1),
        northwind: await warehouse.messages.forProgram(1, 1),
        members: await Promise.all([1, 2, 3].map((p) => warehouse.programs.isMember(1, p))),
      };
      await warehouse.close();
      return rows;
    };
    const [first, second] = await Promise.all([read(), read()]);
    expect(first).toEqual(second);
    expect(first.members).toEqual([true, true, false]);
  });
});

describe("SlidingWindowLimit", () => {
  const window = 5 * 60_000;
  it.each([
    ["no events", [], 0, false],
    ["four events", [0, 1, 2, 3], 10, false],
    ["five events inside the window", [0, 1, 2, 3, 4], 10, true],
    ["five events, the oldest just inside", [0, 1, 2, 3, 4], window - 1, true],
    ["five events, the oldest just out", [0, 1, 2, 3, 4], window, false],
    ["five events, all out", [0, 1, 2, 3, 4], window + 4, false],
    ["six events spread over the window", [0, 60_000, 120_000, 180_000, 240_000, 299_999], 299_999, true],
  ] as const)("%s: exhausted = %s at the given time", (_, events, now, exhausted) => {
    const limit = new SlidingWindowLimit(5, window);
    for (const at of events) limit.record("demo", at);
    expect(limit.isExhausted("demo", now)).toBe(exhausted);
    expect(limit.isExhausted("someone-else", now)).toBe(false);
  });

  it.each([
    [[0, 0, 0, 0, 0], 0, window],
    [[0, 10, 20, 30, 40], 100, window - 100],
    [[0, 10, 20, 30], 100, 0],
    [[0, 10, 20, 30, 40, 50], 100, window - 90],
  ] as const)("events %j at %d: next accepted after %d ms", (events, now, retryAfter) => {
    const limit = new SlidingWindowLimit(5, window);
    for (const at of events) limit.record("k", at);
    expect(limit.retryAfterMs("k", now)).toBe(retryAfter);
  });

  it("withdraws one event", () => {
    const limit = new SlidingWindowLimit(2, 1000);
    limit.record("k", 5);
    limit.record("k", 5);
    limit.withdraw("k", 5);
    expect(limit.count("k", 6)).toBe(1);
    limit.withdraw("k", 5);
    limit.withdraw("k", 5);
    expect(limit.count("k", 6)).toBe(0);
  });
});

describe("expiry and reset-link rules", () => {
  it.each([
    [1000, 999, true],
    [1000, 1000, false],
    [1000, 1001, false],
  ])("expiring at %d, at %d still good: %s", (expiresAt, now, good) => {
    expect(isUnexpired(expiresAt, now)).toBe(good);
  });

  it("sessions last 12 hours and reset links 1 hour", () => {
    expect(sessionLifetimeMs).toBe(12 * 3_600_000);
    expect(resetLinkLifetimeMs).toBe(3_600_000);
    expect(sessionExpiresAt(5)).toBe(5 + sessionLifetimeMs);
    expect(resetLinkExpiresAt(5)).toBe(5 + resetLinkLifetimeMs);
  });

  const link = { email: "demo@example.com", expiresAt: 3_600_000, usedAt: null };
  it.each([
    ["a fresh link", link, "demo@example.com", 0, "usable"],
    ["any case and spaces", link, " Demo@Example.com ", 0, "usable"],
    ["a minute before expiry", link, "demo@example.com", 3_540_000, "usable"],
    ["at expiry", link, "demo@example.com", 3_600_000, "expired"],
    ["a used link", { ...link, usedAt: 10 }, "demo@example.com", 20, "used"],
    ["another email", link, "other@example.com", 0, "wrong_email"],
  ] as const)("%s is %s", (_, state, email, now, verdict) => {
    expect(judgeResetLink(state, email, now)).toBe(verdict);
  });

  it.each([
    [" Demo ", "demo"],
    ["ADMIN", "admin"],
    ["a@B.c", "a@b.c"],
  ])("throttle key of %j is %j", (typed, key) => {
    expect(throttleKey(typed)).toBe(key);
  });
});

describe("tokens and password hashes", () => {
  it("issues distinct 128-bit hex tokens and digests them", () => {
    const tokens = new Set(Array.from({ length: 100 }, issueToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(isTokenShaped(token)).toBe(true);
    expect(tokenDigest("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it.each(["", "abc", "0123456789ABCDEF0123456789ABCDEF", "0123456789abcdef0123456789abcdef0"])(
    "refuses %j as a token",
    (candidate) => expect(isTokenShaped(candidate)).toBe(false),
  );

  it("hashes with scrypt and a fresh salt, and verifies", async () => {
    const [a, b] = await Promise.all([hashPassword("demo"), hashPassword("demo")]);
    expect(a).not.toBe(b);
    expect(parseStoredHash(a)?.salt.length).toBe(16);
    expect(await verifyPassword("demo", a)).toBe(true);
    expect(await verifyPassword("Demo", a)).toBe(false);
    expect(await verifyPassword("demo", "plain-text")).toBe(false);
  });
});
