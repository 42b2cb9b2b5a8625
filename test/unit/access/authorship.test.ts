import { describe, expect, it } from "vitest";
import { mayChange, type Actor } from "../../../src/domain/access/authorship";

const member: Actor = { userId: 7, isAdmin: false };
const admin: Actor = { userId: 1, isAdmin: true };

describe("mayChange: only a shared object's author or an admin", () => {
  it.each([
    ["its author", member, 7, true],
    ["another member", member, 8, false],
    ["a member, no recorded author", member, null, false],
    ["an admin, another's", admin, 7, true],
    ["an admin, no recorded author", admin, null, true],
  ] as const)("%s: %s", (_, actor, author, allowed) => {
    expect(mayChange(actor, author)).toBe(allowed);
  });
});
