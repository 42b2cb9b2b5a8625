import { describe, expect, it } from "vitest";
import { dayInOffset, isObviousBot, landingFieldsOf } from "../../../src/domain/ingestion/landing";

describe("landingFieldsOf", () => {
  it.each([
    [
      "https://shop.example/?utm_source=google&utm_medium=cpc&utm_campaign=Brand%20UK&utm_content=ad1&utm_term=boots&gclid=x",
      { source: "google", medium: "cpc", campaign: "Brand UK", content: "ad1", term: "boots" },
    ],
    ["/landing?utm_source=newsletter#utm_medium=ignored", { source: "newsletter", medium: null, campaign: null, content: null, term: null }],
    ["https://shop.example/?utm_source=&utm_medium=%20", { source: null, medium: null, campaign: null, content: null, term: null }],
    ["not a url at all", { source: null, medium: null, campaign: null, content: null, term: null }],
    [null, { source: null, medium: null, campaign: null, content: null, term: null }],
  ])("%s", (url, expected) => {
    expect(landingFieldsOf(url)).toEqual(expected);
  });
});

describe("dayInOffset", () => {
  it.each([
    [Date.parse("2025-03-01T23:30:00Z"), "+00:00", "2025-03-01"],
    [Date.parse("2025-03-01T23:30:00Z"), "+01:00", "2025-03-02"],
    [Date.parse("2025-03-02T03:00:00Z"), "-05:00", "2025-03-01"],
  ])("%i in %s is %s", (ms, offset, day) => {
    expect(dayInOffset(ms, offset)).toBe(day);
  });
});

describe("isObviousBot", () => {
  it.each([
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true],
    ["Mozilla/5.0 (compatible; bingbot/2.0)", true],
    ["facebookexternalhit/1.1", true],
    ["curl/8.5.0", true],
    ["python-requests/2.31", true],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36", true],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", false],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", false],
    ["", false],
    [undefined, false],
  ])("%s: %s", (agent, bot) => {
    expect(isObviousBot(agent)).toBe(bot);
  });
});
