import { describe, expect, it } from "vitest";
import { auditStateMaximumLength } from "../../../src/domain/audit/auditTrail";
import { auditStateText } from "../../../server/warehouse/auditQueries";

describe("auditStateText: what an audit line keeps of a state", () => {
  it.each([
    ["nothing", null, null],
    ["nothing given", undefined, null],
    ["a plain state", { name: "Audited", archived: false }, '{"name":"Audited","archived":false}'],
    ["a password and its hash left out", { name: "nora", password: "p", password_hash: "scrypt$1" }, '{"name":"nora"}'],
    ["a token, a digest and a link left out", { email: "a@b.test", token: "t", tokenDigest: "d", link: "http://x" }, '{"email":"a@b.test"}'],
    ["a key and its secret left out, its prefix kept", { prefix: "sk_1234", key: "sk_secret", key_secret: "s" }, '{"prefix":"sk_1234"}'],
    ["secrets deep inside left out", { people: [{ name: "a", passwordHash: "h" }] }, '{"people":[{"name":"a"}]}'],
    ["an invitation's link left out, a spend's cost link kept", { invitationLink: "http://x", cost_link: "abc-1" }, '{"cost_link":"abc-1"}'],
    ["undefined fields left out", { name: "a", gone: undefined }, '{"name":"a"}'],
  ])("%s", (_, state, kept) => {
    expect(auditStateText(state)).toBe(kept);
  });

  it("keeps a state too long as a mark of its omission, never cut JSON", () => {
    const long = { name: "x".repeat(auditStateMaximumLength) };
    expect(auditStateText(long)).toBe('{"omitted":"too long"}');
    const fits = { name: "x".repeat(auditStateMaximumLength - 20) };
    expect(JSON.parse(auditStateText(fits) ?? "null")).toEqual(fits);
  });
});
