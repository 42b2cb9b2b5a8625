import { describe, expect, it } from "vitest";
import { isObviousBot, landingFieldsOf, searchEngineOf } from "../../../src/domain/ingestion/landing";

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

const none = { campaign: null, content: null, term: null };

describe("landingFieldsOf with the referrer", () => {
  it.each([
    // Untagged landings from search engines: the engine's name / organic (as the demo writes its organic hits).
    ["https://shop.example/jackets", "https://www.google.co.uk/", { source: "google", medium: "organic", ...none }],
    ["https://shop.example/", "https://www.google.de/search?q=brillen", { source: "google", medium: "organic", ...none }],
    ["https://shop.example/", "https://www.bing.com/", { source: "bing", medium: "organic", ...none }],
    ["https://shop.example/", "https://duckduckgo.com/", { source: "duckduckgo", medium: "organic", ...none }],
    ["https://shop.example/", "https://www.ecosia.org/", { source: "ecosia", medium: "organic", ...none }],
    ["https://shop.example/", "https://search.yahoo.com/search?p=boots", { source: "yahoo", medium: "organic", ...none }],
    // utm_campaign alone keeps the derived source and medium beside it.
    ["https://shop.example/?utm_campaign=Spring", "https://www.bing.com/", { source: "bing", medium: "organic", campaign: "Spring", content: null, term: null }],
    // A gclid is Google Ads auto-tagging: google / cpc, whatever the referrer.
    ["https://shop.example/?gclid=abc123", "https://www.google.com/", { source: "google", medium: "cpc", ...none }],
    ["https://shop.example/?gclid=abc123", null, { source: "google", medium: "cpc", ...none }],
    ["https://shop.example/?gclid=", "https://www.bing.com/", { source: "bing", medium: "organic", ...none }],
    // utm_source or utm_medium given: the parameters win, nothing is derived.
    ["https://shop.example/?utm_source=google&utm_medium=cpc&gclid=x", "https://www.bing.com/", { source: "google", medium: "cpc", ...none }],
    ["https://shop.example/?utm_source=newsletter", "https://www.google.com/", { source: "newsletter", medium: null, ...none }],
    ["https://shop.example/?utm_medium=email", "https://www.google.com/", { source: null, medium: "email", ...none }],
    // Referrers that are not search engines, or no referrer: nothing.
    ["https://shop.example/", "https://l.facebook.com/", { source: null, medium: null, ...none }],
    ["https://shop.example/", "https://www.reddit.com/", { source: null, medium: null, ...none }],
    ["https://shop.example/", "https://www.theguardian.com/", { source: null, medium: null, ...none }],
    ["https://shop.example/", "", { source: null, medium: null, ...none }],
    ["https://shop.example/", null, { source: null, medium: null, ...none }],
  ])("%s from %s", (url, referrer, expected) => {
    expect(landingFieldsOf(url, referrer)).toEqual(expected);
  });
});

describe("searchEngineOf", () => {
  it.each([
    ["https://www.google.co.uk/", "google"],
    ["https://www.google.com/url?q=x", "google"],
    ["http://WWW.BING.COM/search", "bing"],
    ["https://duckduckgo.com/", "duckduckgo"],
    ["https://www.ecosia.org/", "ecosia"],
    ["https://yandex.ru/", "yandex"],
    ["https://www.googleshop.example/", null],
    ["https://google/", null],
    ["https://www.pinterest.com/", null],
    ["not a url", null],
    [null, null],
  ])("%s: %s", (referrer, engine) => {
    expect(searchEngineOf(referrer)).toBe(engine);
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
