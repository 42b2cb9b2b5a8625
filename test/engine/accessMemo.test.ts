import { describe, expect, it } from "vitest";
import { createAccessMemo } from "../../server/warehouse/accessMemo";
import type { User } from "../../src/domain/shell/user";
import type { FoundProgram } from "../../server/warehouse/warehouse";

const ann: User = { id: 1, username: "ann", email: "ann@example.com", is_admin: false } as User;
const bob: User = { id: 2, username: "bob", email: "bob@example.com", is_admin: true } as User;
const northwind: FoundProgram = {
  id: 7,
  code: "northwind",
  name: "Northwind",
  currency: "GBP",
  utc_offset: "+00:00",
  locale: "en-GB",
  archived: false,
};

describe("access memo: sessions", () => {
  it("answers a remembered session only before it expires", () => {
    const memo = createAccessMemo();
    memo.rememberSession("a", ann, 1_000, memo.lookupMark());
    expect(memo.session("a", 999)).toEqual(ann);
    expect(memo.session("a", 1_000)).toBeNull();
    // Once expired it is gone, even for an earlier clock.
    expect(memo.session("a", 10)).toBeNull();
  });

  it("does not remember a lookup that began before a session ended", () => {
    const memo = createAccessMemo();
    const mark = memo.lookupMark();
    memo.forgetSessions({ tokenDigest: "a" });
    memo.rememberSession("a", ann, 5_000, mark);
    expect(memo.session("a", 1)).toBeNull();
  });

  it("forgets during and after a write that ends sessions, so what was read meanwhile does not survive it", async () => {
    const memo = createAccessMemo();
    memo.rememberSession("a", ann, 5_000, memo.lookupMark());
    await memo.whileEnding({ tokenDigest: "a" }, async () => {
      expect(memo.session("a", 1)).toBeNull();
      // A lookup that starts during the write and read the old snapshot.
      memo.rememberSession("a", ann, 5_000, memo.lookupMark());
      expect(memo.session("a", 1)).toEqual(ann);
    });
    expect(memo.session("a", 1)).toBeNull();
  });

  it("forgets on a failed write too", async () => {
    const memo = createAccessMemo();
    memo.rememberSession("a", ann, 5_000, memo.lookupMark());
    await expect(memo.whileEnding({ tokenDigest: "a" }, () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    expect(memo.session("a", 1)).toBeNull();
  });

  const cases: ReadonlyArray<[string, Parameters<ReturnType<typeof createAccessMemo>["forgetSessions"]>[0], ReadonlyArray<string>]> = [
    ["one token", { tokenDigest: "a1" }, ["a2", "b1"]],
    ["every session of a user (a password reset)", { userId: 1 }, ["b1"]],
    ["those expired at a time (the purge)", { expiredAt: 2_000 }, ["a2"]],
  ];
  it.each(cases)("forgets %s and keeps the rest", (_what, which, kept) => {
    const memo = createAccessMemo();
    memo.rememberSession("a1", ann, 1_000, memo.lookupMark());
    memo.rememberSession("a2", ann, 9_000, memo.lookupMark());
    memo.rememberSession("b1", bob, 2_000, memo.lookupMark());
    memo.forgetSessions(which);
    expect(["a1", "a2", "b1"].filter((d) => memo.session(d, 0) !== null)).toEqual(kept);
  });

  it("keeps at most its limit, dropping the least recently remembered", () => {
    const memo = createAccessMemo(2);
    memo.rememberSession("a", ann, 9_000, memo.lookupMark());
    memo.rememberSession("b", bob, 9_000, memo.lookupMark());
    memo.rememberSession("c", bob, 9_000, memo.lookupMark());
    expect(["a", "b", "c"].map((d) => memo.session(d, 0) !== null)).toEqual([false, true, true]);
  });
});

describe("access memo: programs and memberships", () => {
  it("remembers found programs by code and found memberships, nothing else", () => {
    const memo = createAccessMemo(2);
    expect(memo.program("northwind")).toBeNull();
    memo.rememberProgram(northwind);
    expect(memo.program("northwind")).toEqual(northwind);
    expect(memo.isMember(1, 7)).toBe(false);
    memo.rememberMember(1, 7);
    expect([memo.isMember(1, 7), memo.isMember(7, 1), memo.isMember(2, 7)]).toEqual([true, false, false]);
    memo.rememberMember(2, 7);
    memo.rememberMember(3, 7);
    expect(memo.isMember(1, 7)).toBe(false);
  });
});

describe("access memo: a program an admin changes", () => {
  it("forgets it while the change runs, and keeps no lookup that began before the change ended", async () => {
    const memo = createAccessMemo();
    memo.rememberProgram(northwind);
    const before = memo.programLookupMark();
    let duringWrite: FoundProgram | null = northwind;
    await memo.whileChangingProgram("northwind", async () => {
      duringWrite = memo.program("northwind");
    });
    expect(duringWrite).toBeNull();
    expect(memo.program("northwind")).toBeNull();
    // A lookup that read the row before the change committed is not remembered after it.
    memo.rememberProgram(northwind, before);
    expect(memo.program("northwind")).toBeNull();
    const archived = { ...northwind, archived: true };
    memo.rememberProgram(archived, memo.programLookupMark());
    expect(memo.program("northwind")).toEqual(archived);
  });
});

describe("access memo: a person whose memberships change", () => {
  it("forgets their memberships while the change runs, keeps others', and keeps no lookup that began before the change ended", async () => {
    const memo = createAccessMemo();
    memo.rememberMember(1, 7);
    memo.rememberMember(2, 7);
    const mark = memo.memberLookupMark();
    await memo.whileChangingMembers(1, async () => {
      expect(memo.isMember(1, 7)).toBe(false);
    });
    expect([memo.isMember(1, 7), memo.isMember(2, 7)]).toEqual([false, true]);
    // A lookup that began before the change answers what may be stale: not remembered.
    memo.rememberMember(1, 7, mark);
    expect(memo.isMember(1, 7)).toBe(false);
    memo.rememberMember(1, 8, memo.memberLookupMark());
    expect(memo.isMember(1, 8)).toBe(true);
  });
});
