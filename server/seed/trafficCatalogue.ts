import type { ExtractTarget, JoinType, MatchType, RuleField } from "../../src/domain/classification/classification";
import type { OrderProfile } from "./demoAnalyticsRows";

/**
 * What each demo program's marketing looks like: its channels (level 1), their streams
 * (level 2, with the raw traffic fields their clicks carry), campaigns, ad groups,
 * keywords, publishers and landing pages. The classification tree (classificationTree.ts)
 * and the traffic variants (trafficPlan.ts) are both derived from it, so raw hits always
 * classify as intended.
 */

export interface RuleSpec {
  readonly field: RuleField;
  readonly matchType: MatchType;
  readonly expectedValue?: string;
}

/** When a campaign is live: every year between two "MM-DD" days (may wrap the new year), or a share of the period. */
export type Flight = { readonly from: string; readonly to: string } | { readonly fromShare: number; readonly toShare: number };

export interface ContentSpec {
  /** utm_content / ad group / creative / publisher name; null when the link carries none. */
  readonly name: string | null;
  readonly weight?: number;
  /** Keywords (utm_term), shared evenly. */
  readonly terms?: ReadonlyArray<string>;
  readonly publisherId?: string;
  readonly referrer?: string;
  readonly path?: string;
}

export interface CampaignSpec {
  /** utm_campaign; null for untagged traffic (search, referrals, direct). */
  readonly name: string | null;
  readonly weight: number;
  readonly path: string;
  readonly contents?: ReadonlyArray<ContentSpec>;
  readonly flights?: ReadonlyArray<Flight>;
  readonly conversion?: number;
  readonly costPerClick?: number;
  /** Overrides the stream's source (other search engines). */
  readonly source?: string;
  readonly referrer?: string;
}

export interface StreamSpec {
  /** The level-2 title. */
  readonly title: string;
  readonly joinType: JoinType;
  readonly rules: ReadonlyArray<RuleSpec>;
  readonly extracts: ReadonlyArray<readonly [RuleField, ExtractTarget]>;
  /** Share of the program's clicks. */
  readonly share: number;
  readonly source: string | null;
  readonly medium: string | null;
  readonly referrer: string | null;
  /** Whether landing URLs carry utm_ parameters. */
  readonly tagged: boolean;
  /** Paid streams: each campaign's cost link is `${costLinkPrefix}-${number}`. */
  readonly costLinkPrefix?: string;
  readonly costPerClick?: number;
  readonly conversion: number;
  readonly impressionsPerClick?: number;
  readonly trend?: number;
  readonly weekdays?: readonly [number, number, number, number, number, number, number];
  readonly peak?: number;
  readonly campaigns: ReadonlyArray<CampaignSpec>;
}

export interface ChannelSpec {
  /** The level-1 title. */
  readonly title: string;
  readonly joinType: JoinType;
  readonly rules: ReadonlyArray<RuleSpec>;
  readonly streams: ReadonlyArray<StreamSpec>;
  /** False for traffic that the program never classified (its hits stay 'None'). */
  readonly inTree?: boolean;
}

export interface ProgramCatalogue {
  readonly programId: number;
  readonly domain: string;
  readonly orderPrefix: string;
  /** Share of all demo visitors. */
  readonly visitorShare: number;
  /** Monday..Sunday. */
  readonly weekdays: readonly [number, number, number, number, number, number, number];
  /** Growth of total traffic over the period (0.2: +20%). */
  readonly growth: number;
  /** Extra traffic in its own summer sale ("MM-DD" to "MM-DD"), as a factor. */
  readonly summer: { readonly from: string; readonly to: string; readonly factor: number };
  /** Day (share of the period) of a checkout outage with little traffic. */
  readonly outageShare: number;
  readonly orders: OrderProfile;
  readonly channels: ReadonlyArray<ChannelSpec>;
}

const contains = (field: RuleField, expectedValue: string): RuleSpec => ({ field, matchType: "contains", expectedValue });
const present = (field: RuleField): RuleSpec => ({ field, matchType: "exists" });
const absent = (field: RuleField): RuleSpec => ({ field, matchType: "not exists" });
const notEmpty = (field: RuleField): RuleSpec => ({ field, matchType: "not empty" });

const campaignExtracts = [
  ["campaign", "tax3"],
  ["content", "tax4"],
  ["cost_link", "costlink"],
] as const;
const contentExtracts = [
  ["campaign", "tax3"],
  ["content", "tax4"],
] as const;

/** Newsletter links: the hero banner, the product grid, and untagged footer links. */
const newsletterContents: ReadonlyArray<ContentSpec> = [{ name: "hero-banner", weight: 2 }, { name: "product-grid", weight: 1.5 }, { name: null, weight: 0.5 }];

const emailDays = [0.7, 2.4, 0.8, 2.2, 0.7, 0.4, 0.5] as const;
const flat = [1, 1, 1, 1, 1, 1, 1] as const;

const search = (
  title: string,
  joinType: JoinType,
  rules: ReadonlyArray<RuleSpec>,
): Pick<StreamSpec, "title" | "joinType" | "rules" | "medium" | "tagged"> => ({ title, joinType, rules, medium: "cpc", tagged: true });

const blackFridayFlight: Flight = { from: "11-20", to: "12-02" };
const christmasFlight: Flight = { from: "12-01", to: "12-22" };
const januarySaleFlight: Flight = { from: "12-27", to: "01-31" };

const paidSearchChannel = (streams: ReadonlyArray<StreamSpec>): ChannelSpec => ({
  title: "Paid Search",
  joinType: "and",
  rules: [contains("medium", "cpc")],
  streams,
});

const paidSocialChannel = (streams: ReadonlyArray<StreamSpec>): ChannelSpec => ({
  title: "Paid Social",
  joinType: "and",
  rules: [contains("medium", "paid_social")],
  streams,
});

const affiliatesChannel = (streams: ReadonlyArray<StreamSpec>): ChannelSpec => ({
  title: "Affiliates",
  joinType: "and",
  rules: [contains("medium", "affiliate"), present("publisher_id")],
  streams,
});

const emailChannel = (streams: ReadonlyArray<StreamSpec>): ChannelSpec => ({
  title: "Email",
  joinType: "and",
  rules: [contains("medium", "email")],
  streams,
});

const seoChannel = (streams: ReadonlyArray<StreamSpec>): ChannelSpec => ({
  title: "SEO",
  joinType: "and",
  rules: [contains("medium", "organic")],
  streams,
});

const displayChannel = (streams: ReadonlyArray<StreamSpec>): ChannelSpec => ({
  title: "Display",
  joinType: "and",
  rules: [contains("medium", "display")],
  streams,
});

const referralChannel = (social: ReadonlyArray<string>, press: ReadonlyArray<string>, shares: readonly [number, number]): ChannelSpec => ({
  title: "Referral",
  joinType: "and",
  rules: [absent("source"), present("referrer")],
  streams: [
    {
      title: "Social Networks",
      joinType: "or",
      rules: [contains("referrer", "reddit.com"), contains("referrer", "facebook.com"), contains("referrer", "youtube.com"), contains("referrer", "pinterest.com")],
      extracts: [["referrer", "tax3"]],
      share: shares[0],
      source: null,
      medium: null,
      referrer: null,
      tagged: false,
      conversion: 0.012,
      trend: 0.3,
      campaigns: social.map((referrer, i) => ({ name: null, weight: 3 - i * 0.7, path: i === 0 ? "/" : "/blog", referrer })),
    },
    {
      title: "Press & Blogs",
      joinType: "and",
      rules: [notEmpty("referrer")],
      extracts: [["referrer", "tax3"]],
      share: shares[1],
      source: null,
      medium: null,
      referrer: null,
      tagged: false,
      conversion: 0.02,
      campaigns: press.map((referrer, i) => ({ name: null, weight: 4 - i, path: i % 2 === 0 ? "/" : "/reviews", referrer })),
    },
  ],
});

const directChannel = (share: number, paths: ReadonlyArray<string>): ChannelSpec => ({
  title: "Direct",
  joinType: "and",
  rules: [absent("source"), absent("referrer")],
  streams: [
    {
      title: "Type-in & Bookmarks",
      joinType: "and",
      rules: [present("landing_url")],
      extracts: [],
      share,
      source: null,
      medium: null,
      referrer: null,
      tagged: false,
      conversion: 0.045,
      campaigns: paths.map((path, i) => ({ name: null, weight: i === 0 ? 6 : 1, path })),
    },
  ],
});

const organic = (
  title: string,
  source: string,
  rules: ReadonlyArray<RuleSpec>,
  share: number,
  referrer: string,
  paths: ReadonlyArray<string>,
  extra: Partial<StreamSpec> = {},
): StreamSpec => ({
  title,
  joinType: "and",
  rules,
  extracts: [],
  share,
  source,
  medium: "organic",
  referrer,
  tagged: false,
  conversion: 0.022,
  trend: 0.1,
  campaigns: paths.map((path, i) => ({ name: null, weight: 1 / (i + 1), path })),
  ...extra,
});

// ---------------------------------------------------------------------------------------
// Northwind Outfitters: outdoor clothing, UK, GBP.

const northwind: ProgramCatalogue = {
  programId: 1,
  domain: "www.northwind-outfitters.example",
  orderPrefix: "NW",
  visitorShare: 0.45,
  weekdays: [1.05, 1, 1, 0.97, 0.88, 0.82, 1.08],
  growth: 0.22,
  summer: { from: "06-20", to: "07-31", factor: 1.12 },
  outageShare: 0.71,
  orders: {
    conversionFactor: 1.3,
    amountMu: Math.log(62),
    amountSigma: 0.55,
    minimumAmount: 4.99,
    returningShare: 0.24,
    repeatShare: 0.13,
    lateShare: 0.04,
    offlineRate: 0.0025,
    creditShare: 0.74,
    cancelledCash: 0.12,
    cancelledCredit: 0.066,
  },
  channels: [
    paidSearchChannel([
      {
        ...search("Google Ads", "and", [contains("source", "google"), notEmpty("cost_link")]),
        extracts: campaignExtracts,
        share: 0.22,
        source: "google",
        referrer: "https://www.google.co.uk/",
        costLinkPrefix: "gads",
        costPerClick: 0.62,
        conversion: 0.03,
        trend: 0.15,
        peak: 1.3,
        campaigns: [
          {
            name: "Brand / Generic",
            weight: 0.35,
            path: "/",
            conversion: 0.07,
            costPerClick: 0.32,
            contents: [
              { name: "Northwind Brand", weight: 2, terms: ["northwind outfitters", "northwind jackets"] },
              { name: "Outdoor Clothing", terms: ["outdoor clothing uk", "walking clothes"] },
            ],
          },
          {
            name: "Jackets & Coats",
            weight: 0.25,
            path: "/jackets",
            costPerClick: 1.15,
            contents: [
              { name: "Waterproof Jackets", weight: 2, terms: ["waterproof jacket mens", "waterproof jacket womens"] },
              { name: "Down & Insulated", terms: ["down jacket", "insulated coat"] },
            ],
          },
          {
            name: 'Men\'s "Best" Sellers',
            weight: 0.12,
            path: "/men/best-sellers",
            costPerClick: 0.9,
            contents: [
              { name: "Fleeces", terms: ["mens fleece"] },
              { name: "Walking Boots", terms: ["walking boots men"] },
              { name: null, weight: 0.4, terms: ["best outdoor gear"] },
            ],
          },
          {
            name: "Sale & Clearance 50%",
            weight: 0.35,
            path: "/sale",
            costPerClick: 0.7,
            flights: [januarySaleFlight, { from: "06-20", to: "07-31" }],
            contents: [{ name: "Clearance", terms: ["outdoor clothing sale", "jacket sale"] }],
          },
          {
            name: "Black Friday",
            weight: 0.6,
            path: "/black-friday",
            costPerClick: 0.85,
            flights: [blackFridayFlight],
            contents: [{ name: "Black Friday Deals", terms: ["black friday jackets", "black friday walking boots"] }],
          },
          {
            name: "Merino Base Layers",
            weight: 0.12,
            path: "/base-layers",
            costPerClick: 0.8,
            flights: [{ fromShare: 0.3, toShare: 1 }],
            contents: [
              { name: "Merino", terms: ["merino base layer"] },
              { name: "Thermals", terms: ["thermal top"] },
            ],
          },
          { name: "Shopping – All Products", weight: 0.2, path: "/products", costPerClick: 0.5, contents: [{ name: null }] },
        ],
      },
      {
        ...search("Bing Ads", "or", [contains("source", "bing"), contains("source", "msads")]),
        extracts: campaignExtracts,
        share: 0.045,
        source: "bing",
        referrer: "https://www.bing.com/",
        costLinkPrefix: "msads",
        costPerClick: 0.48,
        conversion: 0.032,
        trend: 0.05,
        peak: 1.2,
        campaigns: [
          { name: "Brand / Generic", weight: 0.5, path: "/", conversion: 0.065, costPerClick: 0.25, contents: [{ name: "Northwind Brand", terms: ["northwind outfitters"] }] },
          { name: "Jackets & Coats", weight: 0.5, path: "/jackets", costPerClick: 0.75, contents: [{ name: "Waterproof Jackets", terms: ["waterproof jacket"] }] },
        ],
      },
    ]),
    paidSocialChannel([
      {
        title: "Facebook",
        joinType: "and",
        rules: [contains("source", "facebook")],
        extracts: campaignExtracts,
        share: 0.06,
        source: "facebook",
        medium: "paid_social",
        referrer: "https://l.facebook.com/",
        tagged: true,
        costLinkPrefix: "meta",
        costPerClick: 0.55,
        conversion: 0.011,
        impressionsPerClick: 2,
        trend: 0.5,
        campaigns: [
          { name: "Prospecting – Broad", weight: 0.45, path: "/", contents: [{ name: "Lookalike 1%" }, { name: "Interests: Hiking" }] },
          { name: "Retargeting 30 Days", weight: 0.3, path: "/products", conversion: 0.025, contents: [{ name: "Dynamic Product Ads" }] },
          { name: "Spring Collection", weight: 0.5, path: "/new-in", flights: [{ from: "03-01", to: "05-31" }], contents: [{ name: "Video 15s" }, { name: "Carousel" }] },
        ],
      },
      {
        title: "Instagram",
        joinType: "and",
        rules: [contains("source", "instagram")],
        extracts: campaignExtracts,
        share: 0.03,
        source: "instagram",
        medium: "paid_social",
        referrer: "https://l.instagram.com/",
        tagged: true,
        costLinkPrefix: "meta",
        costPerClick: 0.6,
        conversion: 0.009,
        impressionsPerClick: 2.5,
        trend: 0.8,
        campaigns: [
          { name: "Spring Collection", weight: 0.6, path: "/new-in", flights: [{ from: "03-01", to: "05-31" }], contents: [{ name: "Reels" }, { name: "Stories" }] },
          { name: "Trail Stories", weight: 0.4, path: "/blog/trail-stories", contents: [{ name: "Reels" }, { name: null, weight: 0.3 }] },
        ],
      },
    ]),
    affiliatesChannel([
      {
        title: "Awin",
        joinType: "and",
        rules: [contains("source", "awin")],
        extracts: contentExtracts,
        share: 0.1,
        source: "awin",
        medium: "affiliate",
        referrer: null,
        tagged: true,
        conversion: 0.05,
        peak: 1.6,
        campaigns: [
          {
            name: "Voucher Codes",
            weight: 0.45,
            path: "/",
            conversion: 0.075,
            contents: [
              { name: "SaveMore Vouchers", weight: 2, publisherId: "104512", referrer: "https://www.savemore-vouchers.example/" },
              { name: "Deal Hunter UK", publisherId: "118830", referrer: "https://www.dealhunter.example/" },
            ],
          },
          {
            name: "Cashback",
            weight: 0.3,
            path: "/",
            contents: [
              { name: "Cashback Kingdom", publisherId: "100872", referrer: "https://www.cashback-kingdom.example/" },
              { name: "QuidBack", publisherId: "125016", referrer: "https://www.quidback.example/" },
            ],
          },
          {
            name: "Content & Reviews",
            weight: 0.25,
            path: "/jackets",
            conversion: 0.03,
            contents: [
              { name: "Trail & Fell Reviews", publisherId: "131204", referrer: "https://www.trailandfell.example/" },
              { name: "The Outdoor Blog", publisherId: "129987", referrer: "https://www.theoutdoorblog.example/" },
            ],
          },
        ],
      },
    ]),
    emailChannel([
      {
        title: "Newsletter",
        joinType: "and",
        rules: [contains("source", "newsletter")],
        extracts: contentExtracts,
        share: 0.06,
        source: "newsletter",
        medium: "email",
        referrer: null,
        tagged: true,
        conversion: 0.04,
        weekdays: emailDays,
        campaigns: [
          { name: "New Season Arrivals", weight: 1, path: "/new-in", flights: [{ from: "03-01", to: "04-30" }], contents: newsletterContents },
          { name: "Summer Adventures", weight: 1, path: "/summer", flights: [{ from: "05-01", to: "08-31" }], contents: newsletterContents },
          { name: "Autumn Layers", weight: 1, path: "/layers", flights: [{ from: "09-01", to: "10-31" }], contents: newsletterContents },
          { name: "Winter Warmers", weight: 1, path: "/winter", flights: [{ from: "11-01", to: "02-28" }], contents: newsletterContents },
          { name: "Gift Guide", weight: 1.2, path: "/gifts", flights: [christmasFlight], contents: newsletterContents },
          { name: "Sale & Clearance 50%", weight: 1, path: "/sale", flights: [januarySaleFlight], contents: newsletterContents },
        ],
      },
      {
        title: "Automated",
        joinType: "and",
        rules: [contains("source", "crm")],
        extracts: contentExtracts,
        share: 0.02,
        source: "crm",
        medium: "email",
        referrer: null,
        tagged: true,
        conversion: 0.09,
        weekdays: flat,
        campaigns: [
          { name: "Welcome Series", weight: 0.4, path: "/welcome", contents: [{ name: null }] },
          { name: "Abandoned Basket", weight: 0.45, path: "/basket", conversion: 0.14, contents: [{ name: "reminder-1", weight: 2 }, { name: "reminder-2" }] },
          { name: "Win-back", weight: 0.15, path: "/", contents: [{ name: null }] },
        ],
      },
    ]),
    seoChannel([
      organic("Google Organic", "google", [contains("source", "google")], 0.19, "https://www.google.co.uk/", [
        "/",
        "/jackets",
        "/men/best-sellers",
        "/women/walking-boots",
        "/blog/how-to-layer-for-hiking",
        "/size-guide",
      ]),
      organic("Bing Organic", "bing", [contains("source", "bing")], 0.025, "https://www.bing.com/", ["/", "/jackets"]),
      organic("Other Search Engines", "duckduckgo", [notEmpty("source")], 0.012, "https://duckduckgo.com/", ["/", "/jackets"], {
        campaigns: [
          { name: null, weight: 1, path: "/", source: "duckduckgo", referrer: "https://duckduckgo.com/" },
          { name: null, weight: 0.6, path: "/jackets", source: "ecosia", referrer: "https://www.ecosia.org/" },
        ],
      }),
    ]),
    displayChannel([
      {
        title: "Google Display",
        joinType: "and",
        rules: [contains("source", "google")],
        extracts: campaignExtracts,
        share: 0.025,
        source: "google",
        medium: "display",
        referrer: null,
        tagged: true,
        costLinkPrefix: "gdn",
        costPerClick: 0.45,
        conversion: 0.006,
        impressionsPerClick: 4,
        trend: -0.4,
        campaigns: [
          {
            name: "Prospecting – In-Market",
            weight: 0.6,
            path: "/",
            flights: [{ fromShare: 0, toShare: 0.65 }],
            contents: [{ name: "300x250" }, { name: "728x90" }, { name: "160x600", weight: 0.5 }],
          },
          { name: "Remarketing 30 Days", weight: 0.4, path: "/products", conversion: 0.015, contents: [{ name: "300x250" }, { name: "Responsive" }] },
        ],
      },
      {
        title: "Criteo",
        joinType: "and",
        rules: [contains("source", "criteo")],
        extracts: [
          ["campaign", "tax3"],
          ["cost_link", "costlink"],
        ],
        share: 0.015,
        source: "criteo",
        medium: "display",
        referrer: null,
        tagged: true,
        costLinkPrefix: "criteo",
        costPerClick: 0.5,
        conversion: 0.018,
        impressionsPerClick: 3,
        campaigns: [{ name: "Dynamic Retargeting", weight: 1, path: "/products", contents: [{ name: null }] }],
      },
    ]),
    referralChannel(
      ["https://www.reddit.com/", "https://www.facebook.com/", "https://www.youtube.com/"],
      ["https://www.theguardian.com/", "https://www.ukhillwalking.example/", "https://www.outdoorsmagic.example/"],
      [0.012, 0.025],
    ),
    directChannel(0.13, ["/", "/account", "/sale", "/stores"]),
    {
      title: "Print",
      joinType: "and",
      rules: [],
      inTree: false,
      streams: [
        {
          title: "QR Flyers",
          joinType: "and",
          rules: [],
          extracts: [],
          share: 0.006,
          source: "qr-flyer",
          medium: "print",
          referrer: null,
          tagged: true,
          conversion: 0.02,
          campaigns: [{ name: "Autumn Flyer", weight: 1, path: "/stores", flights: [{ from: "09-01", to: "11-15" }, { fromShare: 0.9, toShare: 1 }] }],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------
// Bluepeak Home: home goods, US, USD.

const bluepeak: ProgramCatalogue = {
  programId: 2,
  domain: "www.bluepeak-home.example",
  orderPrefix: "BP",
  visitorShare: 0.35,
  weekdays: [1, 0.95, 0.95, 0.95, 0.9, 1.1, 1.2],
  growth: 0.1,
  summer: { from: "08-25", to: "09-05", factor: 1.25 },
  outageShare: 0.43,
  orders: {
    conversionFactor: 1.3,
    amountMu: Math.log(110),
    amountSigma: 0.65,
    minimumAmount: 8,
    returningShare: 0.2,
    repeatShare: 0.1,
    lateShare: 0.035,
    offlineRate: 0.002,
    creditShare: 0.86,
    cancelledCash: 0.13,
    cancelledCredit: 0.07,
  },
  channels: [
    paidSearchChannel([
      {
        ...search("Google Ads", "and", [contains("source", "google"), notEmpty("cost_link")]),
        extracts: campaignExtracts,
        share: 0.24,
        source: "google",
        referrer: "https://www.google.com/",
        costLinkPrefix: "gads",
        costPerClick: 1.1,
        conversion: 0.028,
        trend: 0.1,
        peak: 1.35,
        campaigns: [
          {
            name: "Brand / Generic",
            weight: 0.3,
            path: "/",
            conversion: 0.065,
            costPerClick: 0.45,
            contents: [{ name: "Bluepeak Brand", weight: 2, terms: ["bluepeak home", "bluepeak"] }, { name: "Home Decor", terms: ["home decor online"] }],
          },
          {
            name: "Kitchen & Dining",
            weight: 0.25,
            path: "/kitchen",
            costPerClick: 1.45,
            contents: [{ name: "Cookware", terms: ["nonstick cookware set", "cast iron skillet"] }, { name: "Tableware", terms: ["stoneware dinner set"] }],
          },
          {
            name: "Bed & Bath",
            weight: 0.22,
            path: "/bed-bath",
            costPerClick: 1.3,
            contents: [{ name: "Bedding", terms: ["linen duvet cover", "percale sheets"] }, { name: "Towels", terms: ["turkish towels"] }],
          },
          {
            name: "Labor Day Sale 30%",
            weight: 0.5,
            path: "/sale",
            costPerClick: 0.95,
            flights: [{ from: "08-25", to: "09-05" }],
            contents: [{ name: "Sale", terms: ["labor day home sale"] }],
          },
          {
            name: "Black Friday & Cyber Monday",
            weight: 0.6,
            path: "/black-friday",
            costPerClick: 1.05,
            flights: [blackFridayFlight],
            contents: [{ name: "Deals", terms: ["black friday home deals", "cyber monday bedding"] }],
          },
          { name: "Shopping – Smart", weight: 0.25, path: "/products", costPerClick: 0.7, flights: [{ fromShare: 0.2, toShare: 1 }], contents: [{ name: null }] },
        ],
      },
      {
        ...search("Bing Ads", "or", [contains("source", "bing"), contains("source", "msads")]),
        extracts: campaignExtracts,
        share: 0.08,
        source: "bing",
        referrer: "https://www.bing.com/",
        costLinkPrefix: "msads",
        costPerClick: 0.85,
        conversion: 0.03,
        peak: 1.2,
        campaigns: [
          { name: "Brand / Generic", weight: 0.45, path: "/", conversion: 0.06, costPerClick: 0.35, contents: [{ name: "Bluepeak Brand", terms: ["bluepeak home"] }] },
          { name: "Kitchen & Dining", weight: 0.55, path: "/kitchen", costPerClick: 1.1, contents: [{ name: "Cookware", terms: ["cookware set"] }] },
        ],
      },
    ]),
    paidSocialChannel([
      {
        title: "Facebook",
        joinType: "and",
        rules: [contains("source", "facebook")],
        extracts: campaignExtracts,
        share: 0.07,
        source: "facebook",
        medium: "paid_social",
        referrer: "https://l.facebook.com/",
        tagged: true,
        costLinkPrefix: "meta",
        costPerClick: 0.8,
        conversion: 0.012,
        impressionsPerClick: 2,
        trend: 0.35,
        campaigns: [
          { name: "Prospecting – Broad", weight: 0.5, path: "/", contents: [{ name: "Lookalike 2%" }, { name: "Interests: Home Decor" }] },
          { name: "Retargeting 30 Days", weight: 0.5, path: "/products", conversion: 0.024, contents: [{ name: "Dynamic Product Ads" }] },
        ],
      },
      {
        title: "Instagram",
        joinType: "and",
        rules: [contains("source", "instagram")],
        extracts: campaignExtracts,
        share: 0.05,
        source: "instagram",
        medium: "paid_social",
        referrer: "https://l.instagram.com/",
        tagged: true,
        costLinkPrefix: "meta",
        costPerClick: 0.9,
        conversion: 0.01,
        impressionsPerClick: 2.5,
        trend: 0.7,
        campaigns: [{ name: "Cozy Living", weight: 1, path: "/living-room", contents: [{ name: "Reels" }, { name: "Stories" }] }],
      },
      {
        title: "Pinterest",
        joinType: "and",
        rules: [contains("source", "pinterest")],
        extracts: campaignExtracts,
        share: 0.04,
        source: "pinterest",
        medium: "paid_social",
        referrer: "https://www.pinterest.com/",
        tagged: true,
        costLinkPrefix: "pins",
        costPerClick: 0.6,
        conversion: 0.01,
        impressionsPerClick: 3,
        trend: 0.2,
        campaigns: [
          { name: "Home Inspiration", weight: 0.7, path: "/ideas", contents: [{ name: "Pins – Living Room" }, { name: "Pins – Kitchen" }] },
          { name: "Holiday Table", weight: 0.9, path: "/holiday", flights: [{ from: "11-10", to: "12-24" }], contents: [{ name: "Pins – Tableware" }] },
        ],
      },
    ]),
    affiliatesChannel([
      {
        title: "CJ Affiliate",
        joinType: "and",
        rules: [contains("source", "cj")],
        extracts: contentExtracts,
        share: 0.07,
        source: "cj",
        medium: "affiliate",
        referrer: null,
        tagged: true,
        conversion: 0.045,
        peak: 1.7,
        campaigns: [
          {
            name: "Coupons & Deals",
            weight: 0.5,
            path: "/",
            conversion: 0.07,
            contents: [
              { name: "CouponCove", weight: 2, publisherId: "7712345", referrer: "https://www.couponcove.example/" },
              { name: "DealDrop", publisherId: "7719876", referrer: "https://www.dealdrop.example/" },
            ],
          },
          {
            name: "Content & Reviews",
            weight: 0.35,
            path: "/bed-bath",
            conversion: 0.03,
            contents: [
              { name: "The Cozy Nest Blog", publisherId: "7734512", referrer: "https://www.cozynest.example/" },
              { name: "HomeEdit Reviews", publisherId: "7741230", referrer: "https://www.homeedit-reviews.example/" },
            ],
          },
          { name: "Loyalty", weight: 0.15, path: "/", contents: [{ name: "RewardsPlus", publisherId: "7750001", referrer: "https://www.rewardsplus.example/" }] },
        ],
      },
    ]),
    emailChannel([
      {
        title: "Newsletter",
        joinType: "and",
        rules: [contains("source", "newsletter")],
        extracts: contentExtracts,
        share: 0.05,
        source: "newsletter",
        medium: "email",
        referrer: null,
        tagged: true,
        conversion: 0.038,
        weekdays: [0.6, 0.8, 2.3, 0.8, 0.7, 2.0, 0.5],
        campaigns: [
          { name: "Spring Refresh", weight: 1, path: "/spring", flights: [{ from: "03-01", to: "05-31" }], contents: newsletterContents },
          { name: "Outdoor Living", weight: 1, path: "/outdoor", flights: [{ from: "06-01", to: "08-31" }], contents: newsletterContents },
          { name: "Fall Favorites", weight: 1, path: "/fall", flights: [{ from: "09-01", to: "11-19" }], contents: newsletterContents },
          { name: "Holiday Gift Guide", weight: 1.3, path: "/gifts", flights: [{ from: "11-20", to: "12-22" }], contents: newsletterContents },
          { name: "New Year, New Home", weight: 1, path: "/", flights: [{ from: "12-23", to: "02-28" }], contents: newsletterContents },
        ],
      },
      {
        title: "Automated",
        joinType: "and",
        rules: [contains("source", "crm")],
        extracts: contentExtracts,
        share: 0.02,
        source: "crm",
        medium: "email",
        referrer: null,
        tagged: true,
        conversion: 0.085,
        weekdays: flat,
        campaigns: [
          { name: "Welcome Series", weight: 0.45, path: "/welcome", contents: [{ name: null }] },
          { name: "Abandoned Cart", weight: 0.55, path: "/cart", conversion: 0.13, contents: [{ name: "reminder-1", weight: 2 }, { name: "reminder-2" }] },
        ],
      },
    ]),
    seoChannel([
      organic("Google Organic", "google", [contains("source", "google")], 0.15, "https://www.google.com/", ["/", "/kitchen", "/bed-bath", "/blog/small-kitchen-ideas", "/living-room"]),
      organic("Bing Organic", "bing", [contains("source", "bing")], 0.03, "https://www.bing.com/", ["/", "/kitchen"]),
    ]),
    displayChannel([
      {
        title: "Google Display",
        joinType: "and",
        rules: [contains("source", "google")],
        extracts: campaignExtracts,
        share: 0.03,
        source: "google",
        medium: "display",
        referrer: null,
        tagged: true,
        costLinkPrefix: "gdn",
        costPerClick: 0.6,
        conversion: 0.006,
        impressionsPerClick: 4,
        trend: -0.2,
        campaigns: [
          { name: "Prospecting – Affinity", weight: 0.55, path: "/", contents: [{ name: "300x250" }, { name: "728x90" }] },
          { name: "Remarketing 30 Days", weight: 0.45, path: "/products", conversion: 0.014, contents: [{ name: "Responsive" }] },
        ],
      },
      {
        title: "Criteo",
        joinType: "and",
        rules: [contains("source", "criteo")],
        extracts: [
          ["campaign", "tax3"],
          ["cost_link", "costlink"],
        ],
        share: 0.02,
        source: "criteo",
        medium: "display",
        referrer: null,
        tagged: true,
        costLinkPrefix: "criteo",
        costPerClick: 0.7,
        conversion: 0.017,
        impressionsPerClick: 3,
        campaigns: [{ name: "Dynamic Retargeting", weight: 1, path: "/products", flights: [{ fromShare: 0.15, toShare: 1 }], contents: [{ name: null }] }],
      },
    ]),
    referralChannel(
      ["https://www.reddit.com/", "https://www.pinterest.com/", "https://www.youtube.com/"],
      ["https://www.apartmenttherapy.example/", "https://www.nytimes.com/wirecutter/"],
      [0.01, 0.02],
    ),
    directChannel(0.12, ["/", "/account", "/orders", "/sale"]),
  ],
};

// ---------------------------------------------------------------------------------------
// Lumen Optik: glasses and lenses, Germany (and a French-speaking campaign), EUR.

const lumen: ProgramCatalogue = {
  programId: 3,
  domain: "www.lumen-optik.example",
  orderPrefix: "LO",
  visitorShare: 0.2,
  weekdays: [1.1, 1.05, 1.05, 1, 0.92, 0.74, 0.8],
  growth: -0.04,
  summer: { from: "06-15", to: "08-31", factor: 1.08 },
  outageShare: 0.57,
  orders: {
    conversionFactor: 1.3,
    amountMu: Math.log(160),
    amountSigma: 0.7,
    minimumAmount: 9.95,
    returningShare: 0.3,
    repeatShare: 0.08,
    lateShare: 0.05,
    offlineRate: 0.003,
    creditShare: 0.55,
    cancelledCash: 0.1,
    cancelledCredit: 0.06,
  },
  channels: [
    paidSearchChannel([
      {
        ...search("Google Ads", "and", [contains("source", "google"), notEmpty("cost_link")]),
        extracts: campaignExtracts,
        share: 0.2,
        source: "google",
        referrer: "https://www.google.de/",
        costLinkPrefix: "gads",
        costPerClick: 0.75,
        conversion: 0.022,
        trend: 0,
        peak: 1.15,
        campaigns: [
          { name: "Marke / Brand", weight: 0.35, path: "/", conversion: 0.05, costPerClick: 0.3, contents: [{ name: "Lumen Optik", terms: ["lumen optik", "lumen brillen"] }] },
          {
            name: "Brillen & Sonnenbrillen",
            weight: 0.3,
            path: "/brillen",
            costPerClick: 1.05,
            contents: [
              { name: "Gleitsichtbrillen für Einsteiger", terms: ["gleitsichtbrille", "gleitsichtbrille günstig"] },
              { name: "Sonnenbrillen mit Stärke", terms: ["sonnenbrille mit sehstärke"] },
            ],
          },
          {
            name: "Été – Promotion",
            weight: 0.35,
            path: "/fr/ete",
            costPerClick: 0.8,
            flights: [{ from: "06-15", to: "08-31" }],
            contents: [{ name: "Lunettes de soleil", terms: ["lunettes de soleil à la vue"] }, { name: null, weight: 0.3 }],
          },
          { name: "Köln Ü", weight: 0.12, path: "/filialen/koeln", costPerClick: 0.55, contents: [{ name: "Filiale Köln", terms: ["optiker köln"] }] },
          {
            name: "Kontaktlinsen-Abo 20%",
            weight: 0.15,
            path: "/kontaktlinsen",
            conversion: 0.04,
            costPerClick: 0.65,
            flights: [{ fromShare: 0.4, toShare: 1 }],
            contents: [{ name: "Monatslinsen", terms: ["monatslinsen abo"] }],
          },
        ],
      },
      {
        ...search("Bing Ads", "or", [contains("source", "bing"), contains("source", "msads")]),
        extracts: campaignExtracts,
        share: 0.03,
        source: "bing",
        referrer: "https://www.bing.com/",
        costLinkPrefix: "msads",
        costPerClick: 0.5,
        conversion: 0.025,
        campaigns: [{ name: "Marke / Brand", weight: 1, path: "/", conversion: 0.05, contents: [{ name: "Lumen Optik", terms: ["lumen optik"] }] }],
      },
    ]),
    paidSocialChannel([
      {
        title: "Facebook",
        joinType: "and",
        rules: [contains("source", "facebook")],
        extracts: campaignExtracts,
        share: 0.02,
        source: "facebook",
        medium: "paid_social",
        referrer: "https://l.facebook.com/",
        tagged: true,
        costLinkPrefix: "meta",
        costPerClick: 0.5,
        conversion: 0.008,
        impressionsPerClick: 2,
        trend: 0.4,
        campaigns: [
          { name: "Herbst-Kollektion", weight: 0.6, path: "/neu", flights: [{ from: "09-01", to: "11-30" }], contents: [{ name: "Karussell" }] },
          { name: "Sehtest gratis", weight: 0.4, path: "/sehtest", contents: [{ name: "Video" }] },
        ],
      },
      {
        title: "Instagram",
        joinType: "and",
        rules: [contains("source", "instagram")],
        extracts: campaignExtracts,
        share: 0.015,
        source: "instagram",
        medium: "paid_social",
        referrer: "https://l.instagram.com/",
        tagged: true,
        costLinkPrefix: "meta",
        costPerClick: 0.55,
        conversion: 0.008,
        impressionsPerClick: 2.5,
        trend: 0.6,
        campaigns: [{ name: "Été – Promotion", weight: 1, path: "/fr/ete", flights: [{ from: "06-15", to: "08-31" }], contents: [{ name: "Reels" }] }, { name: "Sehtest gratis", weight: 0.4, path: "/sehtest", contents: [{ name: "Stories" }] }],
      },
    ]),
    affiliatesChannel([
      {
        title: "Awin",
        joinType: "and",
        rules: [contains("source", "awin")],
        extracts: contentExtracts,
        share: 0.05,
        source: "awin",
        medium: "affiliate",
        referrer: null,
        tagged: true,
        conversion: 0.04,
        peak: 1.5,
        campaigns: [
          {
            name: "Gutscheine & Rabatte",
            weight: 0.6,
            path: "/",
            conversion: 0.06,
            contents: [
              { name: "Sparwelt Gutscheine", weight: 2, publisherId: "210044", referrer: "https://www.sparwelt-gutscheine.example/" },
              { name: "Rabattfuchs", publisherId: "214578", referrer: "https://www.rabattfuchs.example/" },
            ],
          },
          { name: "Cashback", weight: 0.4, path: "/", contents: [{ name: "Cashback Profi", publisherId: "220113", referrer: "https://www.cashback-profi.example/" }] },
        ],
      },
      {
        title: "Tradedoubler",
        joinType: "and",
        rules: [contains("source", "tradedoubler")],
        extracts: contentExtracts,
        share: 0.03,
        source: "tradedoubler",
        medium: "affiliate",
        referrer: null,
        tagged: true,
        conversion: 0.03,
        campaigns: [
          { name: "Vergleichsportale", weight: 1, path: "/brillen", contents: [{ name: "Brillenvergleich24", publisherId: "330801", referrer: "https://www.brillenvergleich24.example/" }] },
        ],
      },
    ]),
    emailChannel([
      {
        title: "Newsletter",
        joinType: "and",
        rules: [contains("source", "newsletter")],
        extracts: contentExtracts,
        share: 0.08,
        source: "newsletter",
        medium: "email",
        referrer: null,
        tagged: true,
        conversion: 0.035,
        weekdays: [0.7, 0.8, 0.7, 2.4, 0.8, 0.4, 0.5],
        campaigns: [
          { name: "Neue Fassungen", weight: 1, path: "/neu", flights: [{ from: "02-01", to: "05-31" }, { from: "09-01", to: "10-31" }], contents: newsletterContents },
          { name: "Sommer-Sale", weight: 1, path: "/sale", flights: [{ from: "06-01", to: "08-31" }], contents: newsletterContents },
          { name: "Winterangebote", weight: 1, path: "/angebote", flights: [{ from: "11-01", to: "01-31" }], contents: newsletterContents },
        ],
      },
      {
        title: "Automated",
        joinType: "and",
        rules: [contains("source", "crm")],
        extracts: contentExtracts,
        share: 0.02,
        source: "crm",
        medium: "email",
        referrer: null,
        tagged: true,
        conversion: 0.08,
        weekdays: flat,
        campaigns: [
          { name: "Willkommen", weight: 0.3, path: "/willkommen", contents: [{ name: null }] },
          { name: "Warenkorb-Erinnerung", weight: 0.4, path: "/warenkorb", conversion: 0.12, contents: [{ name: "erinnerung-1" }] },
          { name: "Sehtest-Erinnerung", weight: 0.3, path: "/sehtest", contents: [{ name: null }] },
        ],
      },
    ]),
    seoChannel([
      organic("Google Organic", "google", [contains("source", "google")], 0.26, "https://www.google.de/", [
        "/",
        "/brillen",
        "/gleitsichtbrillen",
        "/ratgeber/welche-brille-passt-zu-mir",
        "/kontaktlinsen",
        "/filialen/koeln",
      ]),
      organic("Bing Organic", "bing", [contains("source", "bing")], 0.02, "https://www.bing.com/", ["/", "/brillen"]),
      organic("Other Search Engines", "ecosia", [notEmpty("source")], 0.02, "https://www.ecosia.org/", ["/"], {
        campaigns: [
          { name: null, weight: 1, path: "/", source: "ecosia", referrer: "https://www.ecosia.org/" },
          { name: null, weight: 0.5, path: "/brillen", source: "duckduckgo", referrer: "https://duckduckgo.com/" },
        ],
      }),
    ]),
    displayChannel([
      {
        title: "Google Display",
        joinType: "and",
        rules: [contains("source", "google")],
        extracts: campaignExtracts,
        share: 0.015,
        source: "google",
        medium: "display",
        referrer: null,
        tagged: true,
        costLinkPrefix: "gdn",
        costPerClick: 0.4,
        conversion: 0.005,
        impressionsPerClick: 4,
        campaigns: [{ name: "Prospecting – Brillenträger", weight: 1, path: "/", flights: [{ fromShare: 0.25, toShare: 0.8 }], contents: [{ name: "300x250" }, { name: "Responsive" }] }],
      },
      {
        title: "Criteo",
        joinType: "and",
        rules: [contains("source", "criteo")],
        extracts: [
          ["campaign", "tax3"],
          ["cost_link", "costlink"],
        ],
        share: 0.01,
        source: "criteo",
        medium: "display",
        referrer: null,
        tagged: true,
        costLinkPrefix: "criteo",
        costPerClick: 0.45,
        conversion: 0.015,
        impressionsPerClick: 3,
        campaigns: [{ name: "Dynamic Retargeting", weight: 1, path: "/brillen", contents: [{ name: null }] }],
      },
    ]),
    referralChannel(["https://www.reddit.com/", "https://www.youtube.com/"], ["https://www.stern.de/", "https://www.brillen-ratgeber.example/", "https://www.test.de/"], [0.01, 0.035]),
    directChannel(0.16, ["/", "/konto", "/filialen", "/sehtest"]),
  ],
};


export const catalogues: ReadonlyArray<ProgramCatalogue> = [northwind, bluepeak, lumen];
