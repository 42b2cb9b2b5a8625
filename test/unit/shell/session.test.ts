import { describe, expect, it, vi } from "vitest";
import { parseRange } from "../../../src/domain/report/dateRange";
import {
  applyLink,
  currentProgram,
  defaultApiBaseUrl,
  defaultPreferences,
  isValidApiBaseUrl,
  programGone,
  refusedLinkProgram,
  type SessionLink,
  type SessionState,
} from "../../../src/domain/shell/session";
import { acme, alice, beta } from "../../model/fixtures";

const base: SessionState = {
  apiBaseUrl: defaultApiBaseUrl,
  token: "tok",
  user: alice,
  programs: [acme, beta],
  programCode: "acme",
  range: { from: "2026-02-13", to: "2026-03-14" },
  preferences: defaultPreferences,
};
const unloaded: SessionState = { ...base, programs: [], programCode: null, range: null };
const jan = { from: "2026-01-01", to: "2026-01-31" };

describe("applyLink", () => {
  it.each<[string, SessionState, SessionLink, string | null, SessionState["range"]]>([
    ["known program and valid range", base, { program: "beta", ...jan }, "beta", jan],
    ["unknown program: program kept, range taken", base, { program: "nope", ...jan }, "acme", jan],
    ["any program while the list is not loaded", unloaded, { program: "nope", ...jan }, "nope", jan],
    ["empty program ignored", base, { program: "", ...jan }, "acme", jan],
    ["null program ignored", base, { program: null, ...jan }, "acme", jan],
    ["reversed range ignored", base, { program: "beta", from: "2026-01-31", to: "2026-01-01" }, "beta", base.range],
    ["impossible date ignored", base, { from: "2026-02-01", to: "2026-02-30" }, "acme", base.range],
    ["half a range ignored", base, { from: "2026-01-01" }, "acme", base.range],
    ["only a program", base, { program: "beta" }, "beta", base.range],
    ["nothing", base, {}, "acme", base.range],
    ["range on an unloaded session", unloaded, { ...jan }, null, jan],
  ])("%s", (_label, state, link, programCode, range) => {
    const next = applyLink(state, link, parseRange);
    expect(next.programCode).toBe(programCode);
    expect(next.range).toEqual(range);
  });

  it("keeps everything else and does not mutate the session", () => {
    const copy = structuredClone(base);
    const next = applyLink(base, { program: "beta", ...jan }, parseRange);
    expect(base).toEqual(copy);
    expect(next).toEqual({ ...base, programCode: "beta", range: jan });
  });

  it("asks the range validator only when the link has dates", () => {
    const validRange = vi.fn(() => jan);
    applyLink(base, { program: "beta" }, validRange);
    expect(validRange).not.toHaveBeenCalled();
    applyLink(base, { from: "x", to: null }, validRange);
    expect(validRange).toHaveBeenCalledWith("x", null);
  });
});

describe("refusedLinkProgram", () => {
  it.each<[string, Pick<SessionState, "programs" | "programCode">, SessionLink, string | null]>([
    ["a program the person may not see: the session's is shown", base, { program: "lumen" }, "acme"],
    ["one they may see", base, { program: "beta" }, null],
    ["no program in the link", base, { from: "2026-01-01", to: "2026-01-31" }, null],
    ["an empty program", base, { program: "" }, null],
    ["programs not known yet: the profile decides", { programs: [], programCode: null }, { program: "lumen" }, null],
  ])("%s", (_, session, link, shown) => {
    expect(refusedLinkProgram(session, link)?.code ?? null).toBe(shown);
  });
});

describe("programGone", () => {
  it.each<[string, string | null, ReadonlyArray<typeof acme>, string | null]>([
    ["the profile lacks the session's program: the first of theirs is shown", "lumen", [acme, beta], "acme"],
    ["the profile holds it", "beta", [acme, beta], null],
    ["no program yet", null, [acme, beta], null],
    ["a person without programs", "lumen", [], null],
  ])("%s", (_, programCode, programs, shown) => {
    expect(programGone({ programCode }, programs)?.code ?? null).toBe(shown);
  });
});

describe("isValidApiBaseUrl", () => {
  it.each([
    ["/api", true],
    ["/", true],
    ["/proxy/api/", true],
    [" /api ", true],
    ["https://api.example.com", true],
    ["http://localhost:8080/api", true],
    ["HTTPS://API.EXAMPLE.COM/V1", true],
    ["//evil.example.com", false],
    ["https://", false],
    ["https:///path", false],
    ["https://api.example.com/a b", false],
    ["ftp://example.com", false],
    ["javascript:alert(1)", false],
    ["api", false],
    ["", false],
    ["   ", false],
  ])("%j → %s", (url, valid) => {
    expect(isValidApiBaseUrl(url)).toBe(valid);
  });
});

describe("currentProgram", () => {
  it("finds the program the session points at", () => {
    expect(currentProgram(base)).toEqual(acme);
    expect(currentProgram({ programs: [acme], programCode: "beta" })).toBeUndefined();
    expect(currentProgram({ programs: [], programCode: null })).toBeUndefined();
  });
});
