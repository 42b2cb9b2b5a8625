import { describe, expect, it } from "vitest";
import { campaignNoteTexts as t, checkNoteDraft, noteRefusal } from "../../../src/domain/performance/campaignNotes";
import { ClientError, NetworkError, NotFound, ServerError } from "../../../src/services/http/httpErrors";

describe("checkNoteDraft", () => {
  it.each([
    ["a valid note", { date: "2026-01-10", colour: "#AABBCC", text: " Sale " }, { ok: true, input: { date: "2026-01-10", colour: "#aabbcc", text: "Sale" } }],
    ["spaces around the date and colour", { date: " 2026-01-10 ", colour: " #abcdef ", text: "x" }, { ok: true, input: { date: "2026-01-10", colour: "#abcdef", text: "x" } }],
    ["500 characters", { date: "2026-01-10", colour: "#000000", text: "y".repeat(500) }, { ok: true, input: { date: "2026-01-10", colour: "#000000", text: "y".repeat(500) } }],
    ["no date", { date: "", colour: "#000000", text: "x" }, { ok: false, problem: t.badDate }],
    ["an impossible date", { date: "2026-02-30", colour: "#000000", text: "x" }, { ok: false, problem: t.badDate }],
    ["a date written otherwise", { date: "10/01/2026", colour: "#000000", text: "x" }, { ok: false, problem: t.badDate }],
    ["a named colour", { date: "2026-01-10", colour: "red", text: "x" }, { ok: false, problem: t.badColour }],
    ["a short colour", { date: "2026-01-10", colour: "#abc", text: "x" }, { ok: false, problem: t.badColour }],
    ["a blank text", { date: "2026-01-10", colour: "#000000", text: " \t " }, { ok: false, problem: t.noText }],
    ["501 characters", { date: "2026-01-10", colour: "#000000", text: "y".repeat(501) }, { ok: false, problem: t.longText }],
    ["the date first", { date: "x", colour: "x", text: "" }, { ok: false, problem: t.badDate }],
  ])("%s", (_label, draft, expected) => {
    expect(checkNoteDraft(draft)).toEqual(expected);
  });
});

describe("noteRefusal", () => {
  const path = "/programs/acme/annotations";
  it.each([
    ["add", new ClientError({ status: 400, code: "invalid_body", message: "Invalid body: text", path }), `${t.addRefused} Invalid body: text`],
    ["add", new ClientError({ status: 400, code: "http_400", message: "HTTP 400", path }), t.addRefused],
    ["add", new NetworkError({ message: "Failed to fetch", path }), `${t.addRefused} ${t.offline}`],
    ["add", new ServerError({ status: 500, message: "boom", path }), t.addRefused],
    ["delete", new NotFound({ status: 404, message: "There is no campaign note with that id in this program.", path }), `${t.deleteRefused} There is no campaign note with that id in this program.`],
    ["delete", new Error("defect"), t.deleteRefused],
    ["delete", null, t.deleteRefused],
  ] as const)("%s refused by %o", (action, error, expected) => {
    expect(noteRefusal(action, error)).toBe(expected);
  });
});
