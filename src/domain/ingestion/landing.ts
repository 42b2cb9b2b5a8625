/**
 * What an event's landing URL (and referrer) tells the classification: the utm
 * parameters, read into the hit fields source, medium, campaign, content and term. A
 * landing without utm_source and utm_medium gets them the way analytics products derive
 * them: a gclid (Google Ads auto-tagging) gives google / cpc, otherwise a known search
 * engine's referrer gives the engine's name / organic. Everything else (gclid, the path)
 * stays in the landing URL, which rules may read as well.
 */
export interface LandingFields {
  readonly source: string | null;
  readonly medium: string | null;
  readonly campaign: string | null;
  readonly content: string | null;
  readonly term: string | null;
}

const utmFields = ["source", "medium", "campaign", "content", "term"] as const;

/**
 * Search engines by the name their hosts carry (www.google.co.uk, duckduckgo.com,
 * search.yahoo.com): the source an untagged landing from one of them is given.
 */
export const searchEngines = ["google", "bing", "yahoo", "duckduckgo", "ecosia", "baidu", "yandex", "qwant", "startpage", "naver", "seznam"] as const;

/** The search engine a referrer URL comes from (its host has the engine's name before the domain ending), or null. */
export const searchEngineOf = (referrer: string | null | undefined): string | null => {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:@]+)/i.exec((referrer ?? "").trim())?.[1]?.toLowerCase() ?? "";
  const labels = host.split(".").slice(0, -1);
  return searchEngines.find((engine) => labels.includes(engine)) ?? null;
};

/**
 * The utm parameters of a URL (absolute or not; a parameter given empty reads as absent);
 * without utm_source and utm_medium, google / cpc for a gclid, else a search engine's
 * name / organic for its referrer.
 */
export const landingFieldsOf = (url: string | null | undefined, referrer?: string | null): LandingFields => {
  const query = (url ?? "").split("#")[0]?.split("?").slice(1).join("?") ?? "";
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    params = new URLSearchParams();
  }
  const read = (name: string): string | null => {
    const value = params.get(`utm_${name}`)?.trim() ?? "";
    return value === "" ? null : value.slice(0, 256);
  };
  const [source, medium, campaign, content, term] = utmFields.map(read);
  const fields = { source: source ?? null, medium: medium ?? null, campaign: campaign ?? null, content: content ?? null, term: term ?? null };
  if (fields.source !== null || fields.medium !== null) return fields;
  if ((params.get("gclid")?.trim() ?? "") !== "") return { ...fields, source: "google", medium: "cpc" };
  const engine = searchEngineOf(referrer);
  return engine === null ? fields : { ...fields, source: engine, medium: "organic" };
};

/**
 * Obvious robots by user agent: crawlers, link previews, headless browsers and HTTP
 * libraries. An empty user agent is not taken for one (a server-side sender may send none).
 */
export const isObviousBot = (userAgent: string | null | undefined): boolean =>
  /bot\b|bot\/|crawler|spider|slurp|bingpreview|facebookexternalhit|headlesschrome|phantomjs|lighthouse|curl\/|wget\/|python-requests|go-http-client|java\/|okhttp|axios\/|node-fetch/i.test(
    userAgent ?? "",
  );
