import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { ruleFields } from "../../../src/domain/classification/classification";
import { PreviewHitFields, PreviewLevelOne, PreviewLevelTwo } from "../../../src/domain/classification/classificationPreview";

const decodes = <A, I>(schema: Schema.Schema<A, I, never>, value: unknown): boolean => Either.isRight(Schema.decodeUnknownEither(schema)(value));

const hit = {
  source: "google",
  medium: null,
  campaign: null,
  content: null,
  term: null,
  referrer: null,
  landing_url: "https://shop.example/",
  publisher_id: null,
  cost_link: null,
  event_type: "click",
};
const figures = { hits: 4, orders: 1 };

describe("the dry run's parts", () => {
  it.each<[string, Schema.Schema<unknown, unknown, never>, unknown, boolean]>([
    ["a hit's raw fields, the missing ones null", PreviewHitFields as never, hit, true],
    ["a hit without an event type", PreviewHitFields as never, { ...hit, event_type: null }, false],
    ["a hit missing a rule field", PreviewHitFields as never, { ...hit, referrer: undefined }, false],
    ["a hit field that is not text", PreviewHitFields as never, { ...hit, term: 3 }, false],
    ["a level-1 title's figures before and after", PreviewLevelOne as never, { taxonomy1: "Paid", before: figures, after: figures }, true],
    ["a level-1 title without its figures after", PreviewLevelOne as never, { taxonomy1: "Paid", before: figures }, false],
    ["a level-1 / level-2 pair's figures", PreviewLevelTwo as never, { taxonomy1: "Paid", taxonomy2: "Google", before: figures, after: figures }, true],
    ["a pair without its level-2 title", PreviewLevelTwo as never, { taxonomy1: "Paid", before: figures, after: figures }, false],
  ])("%s", (_, schema, value, expected) => {
    expect(decodes(schema, value)).toBe(expected);
  });

  it("a hit's fields are the rule fields, in their order", () => {
    expect(Object.keys(PreviewHitFields.fields)).toEqual(ruleFields);
  });

  it("a pair's fields: the titles, then the figures before and after", () => {
    expect(Object.keys(PreviewLevelOne.fields)).toEqual(["taxonomy1", "before", "after"]);
    expect(Object.keys(PreviewLevelTwo.fields)).toEqual(["taxonomy1", "taxonomy2", "before", "after"]);
  });
});
