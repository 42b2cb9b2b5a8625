import { describe, expect, it } from "vitest";
import { changeSummary, changeSummaryLength } from "../../../src/domain/audit/auditTexts";

describe("changeSummary: a line's short before → after", () => {
  it.each([
    ["a field changed", '{"name":"Audited","currency":"EUR"}', '{"name":"Audited Two","currency":"EUR"}', "name: Audited → Audited Two"],
    ["two fields changed", '{"role":"member","program_ids":[1,2]}', '{"role":"admin","program_ids":[]}', "role: member → admin; program_ids: [1, 2] → []"],
    ["a field that appeared", '{"a":1}', '{"a":1,"b":null}', "b: — → —"],
    ["created", null, '{"kind":"secret","revoked_at":null}', "→ kind: secret, revoked_at: —"],
    ["gone", '{"email":"omar@example.test"}', null, "email: omar@example.test →"],
    ["nothing either side", null, null, "—"],
    ["the same both sides", '{"a":1}', '{"a":1}', "—"],
    ["not an object", '"text"', '"other"', "value: text → other"],
  ])("%s", (_, before, after, summary) => {
    expect(changeSummary({ before, after })).toBe(summary);
  });

  it("cuts a long summary with an ellipsis", () => {
    const summary = changeSummary({ before: null, after: JSON.stringify({ name: "x".repeat(500) }) });
    expect(summary).toHaveLength(changeSummaryLength);
    expect(summary.endsWith("…")).toBe(true);
  });
});
