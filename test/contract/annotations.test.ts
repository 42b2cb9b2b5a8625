import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnnotationList } from "../../src/domain/performance/annotations";
import { Ok } from "../../src/domain/access/auth";
import { Created } from "../../src/domain/report/configuration";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { RecordingEngine, expectBadRequest, refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

const notes = "/api/programs/northwind/annotations";
const note = { date: "2032-02-14", colour: "#36E7A6", text: "Valentine's campaign launched" };

describe("campaign notes", () => {
  let t: ContractApp;
  let tokens: Tokens;
  const engine = new RecordingEngine();
  beforeAll(async () => {
    t = await openContractApp({ engine });
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const list = async (query = "?date_from=2032-01-01&date_to=2032-12-31", token = tokens.demo) =>
    decoded(await t.call("GET", `${notes}${query}`, { token }), AnnotationList).data;

  it.each([
    ["GET", notes],
    ["POST", notes],
    ["DELETE", `${notes}/1`],
  ])("%s %s: 401 anonymous, 403 for a non-member", async (method, path) => {
    await refusedToOutsiders(t, tokens, method, path, { json: note });
  });

  it("adds a note members and admins see in range, with the program code", async () => {
    const id = decoded(await t.call("POST", notes, { token: tokens.demo, json: note }), Created).data.id;
    const expected = { id, date: "2032-02-14", colour: "#36e7a6", text: note.text, programcode: "northwind", can_delete: true };
    expect(await list()).toContainEqual(expected);
    expect(await list("?date_from=2032-02-14&date_to=2032-02-14", tokens.admin)).toEqual([expected]);
    expect(await list("?date_from=2032-02-15&date_to=2032-03-01")).toEqual([]);
    expect((await list("")).map((n) => n.id)).toContain(id);
    const other = decoded(await t.call("GET", "/api/programs/bluepeak/annotations?date_from=2032-01-01&date_to=2032-12-31", { token: tokens.demo }), AnnotationList);
    expect(other.data.map((n) => n.id)).not.toContain(id);
    expect(engine.calls).toEqual([]);
  });

  it("says which notes the person may delete: their own, or every one for an admin", async () => {
    const day = "?date_from=2032-07-01&date_to=2032-07-01";
    const mine = decoded(await t.call("POST", notes, { token: tokens.demo, json: { ...note, date: "2032-07-01" } }), Created).data.id;
    const admins = decoded(await t.call("POST", notes, { token: tokens.admin, json: { ...note, date: "2032-07-01" } }), Created).data.id;
    const deletable = async (token: string) => Object.fromEntries((await list(day, token)).map((n) => [n.id, n.can_delete]));
    expect(await deletable(tokens.demo)).toEqual({ [mine]: true, [admins]: false });
    expect(await deletable(tokens.admin)).toEqual({ [mine]: true, [admins]: true });
  });

  it("lists notes by date", async () => {
    for (const date of ["2033-05-03", "2033-05-01", "2033-05-02"]) {
      decoded(await t.call("POST", notes, { token: tokens.demo, json: { ...note, date } }), Created);
    }
    expect((await list("?date_from=2033-05-01&date_to=2033-05-31")).map((n) => n.date)).toEqual(["2033-05-01", "2033-05-02", "2033-05-03"]);
  });

  it.each([
    ["a colour name", { ...note, colour: "red" }],
    ["a short hex colour", { ...note, colour: "#abc" }],
    ["a colour without #", { ...note, colour: "36E7A6" }],
    ["a colour with non-hex digits", { ...note, colour: "#GGGGGG" }],
    ["an empty text", { ...note, text: "" }],
    ["a blank text", { ...note, text: "   " }],
    ["a text over 500 characters", { ...note, text: "x".repeat(501) }],
    ["a bad date", { ...note, date: "2032-02-30" }],
    ["no date", { colour: note.colour, text: note.text }],
  ])("refuses %s with 400 and adds nothing", async (_, body) => {
    const before = await list("");
    expectBadRequest(await t.call("POST", notes, { token: tokens.demo, json: body }));
    expect(await list("")).toEqual(before);
  });

  it("accepts a 500-character text", async () => {
    decoded(await t.call("POST", notes, { token: tokens.demo, json: { ...note, text: "y".repeat(500) } }), Created);
  });

  it("refuses malformed JSON and bad ranges", async () => {
    expectBadRequest(await t.call("POST", notes, { token: tokens.demo, body: "{" }), "malformed_json");
    expectRefusal(await t.call("GET", `${notes}?date_from=2032-02-02&date_to=2032-02-01`, { token: tokens.demo }), 400, "invalid_dates");
    expectRefusal(await t.call("GET", `${notes}?date_to=2032-02-01`, { token: tokens.demo }), 400, "invalid_dates");
    expectRefusal(await t.call("GET", `${notes}?date_from=yesterday&date_to=2032-02-01`, { token: tokens.demo }), 400, "invalid_dates");
  });

  it("deletes a note of the program; another program's note is 404", async () => {
    const id = decoded(await t.call("POST", notes, { token: tokens.demo, json: note }), Created).data.id;
    const elsewhere = decoded(await t.call("POST", "/api/programs/bluepeak/annotations", { token: tokens.demo, json: note }), Created).data.id;
    expectRefusal(await t.call("DELETE", `${notes}/${elsewhere}`, { token: tokens.demo }), 404, "not_found");
    decoded(await t.call("DELETE", `${notes}/${id}`, { token: tokens.admin }), Ok);
    expect((await list("")).map((n) => n.id)).not.toContain(id);
    expectRefusal(await t.call("DELETE", `${notes}/${id}`, { token: tokens.demo }), 404, "not_found");
    expectRefusal(await t.call("DELETE", `${notes}/x`, { token: tokens.demo }), 400, "invalid_id");
  });
});
