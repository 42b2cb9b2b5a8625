import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import {
  ProgramChange,
  ProgramDraft,
  isCurrency,
  isTimeZone,
  timeZoneOfOffset,
  utcOffsetAt,
} from "../../../src/domain/programs/programAdmin";
import { draftValueOf, newProgramForm, programFormOffers } from "../../../src/domain/programs/programForm";

const draft = {
  name: "Acme",
  code: "acme-2",
  currency: "JPY",
  time_zone: "Asia/Tokyo",
  attribution_model: "linear",
  lookback_days: 30,
};
const decodes = (schema: Schema.Schema<unknown, unknown, never>, value: unknown): boolean =>
  Either.isRight(Schema.decodeUnknownEither(schema)(value));

describe("a program's fields", () => {
  it.each([
    ["+00:00", "UTC"],
    ["-05:00", "Etc/GMT+5"],
    ["+01:00", "Etc/GMT-1"],
    ["+14:00", "Etc/GMT-14"],
    ["+05:30", "UTC"],
    ["nonsense", "UTC"],
  ])("reads the offset %s of a program made before time zones as %s", (offset, zone) => {
    expect(timeZoneOfOffset(offset)).toBe(zone);
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each([
    ["Europe/Berlin", Date.UTC(2026, 0, 15), "+01:00"],
    ["Europe/Berlin", Date.UTC(2026, 6, 15), "+02:00"],
    ["America/New_York", Date.UTC(2026, 0, 15), "-05:00"],
    ["Asia/Kolkata", Date.UTC(2026, 0, 15), "+05:30"],
    ["UTC", Date.UTC(2026, 0, 15), "+00:00"],
  ])("%s is at %s UTC%s", (zone, at, offset) => {
    expect(utcOffsetAt(zone, at)).toBe(offset);
  });

  it.each([
    ["EUR", true],
    ["JPY", true],
    ["CHF", true],
    ["eur", false],
    ["EURO", false],
    ["", false],
  ])("currency %s is on the ISO 4217 list: %s", (currency, known) => {
    expect(isCurrency(currency)).toBe(known);
  });

  it.each([
    ["a whole draft", draft, true],
    ["a code with a double hyphen", { ...draft, code: "acme--2" }, false],
    ["a code ending in a hyphen", { ...draft, code: "acme-" }, false],
    ["a 40-character code", { ...draft, code: "a".repeat(40) }, true],
    ["a 100-character name", { ...draft, name: "n".repeat(100) }, true],
    ["an unknown time zone", { ...draft, time_zone: "Mars/Olympus" }, false],
    ["a lookback of 0", { ...draft, lookback_days: 0 }, false],
    ["markov at level 2 of order 3", { ...draft, attribution_model: "markov", model_level: "taxonomy_2", markov_order: 3 }, true],
    ["a model at level 3", { ...draft, attribution_model: "markov", model_level: "taxonomy_3" }, false],
    ["a Markov order of 4", { ...draft, attribution_model: "markov", markov_order: 4 }, false],
  ])("a create with %s decodes: %s", (_, value, valid) => {
    expect(decodes(ProgramDraft as Schema.Schema<unknown, unknown, never>, value)).toBe(valid);
  });

  it.each([
    ["one field", { name: "New" }, true],
    ["nothing", {}, false],
    ["a code (which never changes) alone", { code: "other" }, false],
    ["the Markov order alone", { markov_order: 2 }, true],
  ])("an edit with %s decodes: %s", (_, value, valid) => {
    expect(decodes(ProgramChange as Schema.Schema<unknown, unknown, never>, value)).toBe(valid);
  });
});

describe("the form's data-driven model fields", () => {
  // the level with a data-driven model, the order with markov; the body sends only what the form offers
  it.each([
    ["linear", false, false, {}],
    ["position_based", false, false, {}],
    ["shapley", true, false, { model_level: "taxonomy_2" }],
    ["markov", true, true, { model_level: "taxonomy_2", markov_order: 2 }],
  ])("%s: offers the level %s and the order %s", (model, level, order, sent) => {
    const values = { ...newProgramForm, attribution_model: model, model_level: "taxonomy_2", markov_order: "2" };
    expect(programFormOffers("model_level", values)).toBe(level);
    expect(programFormOffers("markov_order", values)).toBe(order);
    const body = draftValueOf(values);
    expect({ model_level: body.model_level, markov_order: body.markov_order }).toEqual({ model_level: undefined, markov_order: undefined, ...sent });
  });
});
