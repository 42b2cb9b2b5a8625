import type { Program } from "../../src/domain/shell/program";
import type { DemoAnalyticsRows } from "./demoAnalyticsRows";
import type { DataSetRows, MembershipRow, MessageAudience, MessageRow, UserRow } from "../warehouse/warehouse";
import { generateDemoAnalytics } from "./analyticsDemo";
import { isDay } from "./calendar";
import { integerBetween, mulberry32, pick, type Random } from "./prng";

export interface DemoDataParameters {
  readonly seed: number;
  /**
   * Size factor: 1 is the default demo (about 150,000 hits); traffic, orders and costs grow
   * linearly with it (`benchScale` gives 10 million hits).
   */
  readonly scale: number;
  /** The day the database is created (YYYY-MM-DD, UTC): the data covers the 400 days before it. */
  readonly today: string;
}

export const defaultDemoDataParameters: Omit<DemoDataParameters, "today"> = { seed: 20250101, scale: 1 };

/** A demo user before hashing: the generator stays pure, salts are drawn when planted. */
export type DemoUser = Omit<UserRow, "passwordHash"> & { readonly password: string };

/** The rows the warehouse loads, with users before hashing, and the analytics. */
export type DemoData = Omit<DataSetRows, "users"> & {
  readonly users: ReadonlyArray<DemoUser>;
  /** Configuration, and the plan from which demoAnalyticsSql.ts generates hits, orders and variable costs. */
  readonly analytics: DemoAnalyticsRows;
};

/** The sign-ins printed at start. */
export const demoSignIns = [
  { username: "demo", password: "demo", note: "two programs (northwind, bluepeak)" },
  { username: "admin", password: "admin", note: "admin, every program" },
  { username: "other", password: "other", note: "one program (lumen)" },
] as const;

const programs: ReadonlyArray<Program> = [
  { id: 1, code: "northwind", name: "Northwind Outfitters", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" },
  { id: 2, code: "bluepeak", name: "Bluepeak Home", currency: "USD", utc_offset: "-05:00", locale: "en-US" },
  { id: 3, code: "lumen", name: "Lumen Optik", currency: "EUR", utc_offset: "+01:00", locale: "de-DE" },
];
const [northwind, bluepeak, lumen] = [1, 2, 3];

const fixedUsers: ReadonlyArray<DemoUser> = [
  { id: 1, username: "demo", email: "demo@example.com", password: "demo", isAdmin: false },
  { id: 2, username: "admin", email: "admin@example.com", password: "admin", isAdmin: true },
  { id: 3, username: "other", email: "other@example.com", password: "other", isAdmin: false },
];
const demo = 1;
const other = 3;

const fixedMemberships: ReadonlyArray<MembershipRow> = [
  { programId: northwind, userId: demo },
  { programId: bluepeak, userId: demo },
  { programId: lumen, userId: other },
];

/** Messages are dated from here, so the data set does not depend on when it is made. */
const messagesFrom = Date.UTC(2025, 0, 6, 9, 0, 0);
const hour = 3_600_000;

interface MessageText {
  readonly html: string;
  readonly icon: string | null;
  readonly type: string | null;
}

const systemMessages: ReadonlyArray<MessageText> = [
  {
    html: "<strong>Welcome to the attribution analytics demo.</strong> Sign in with one of the demo accounts shown when the server starts.",
    icon: "info",
    type: "is-info",
  },
  {
    html: 'Scheduled maintenance on Sunday from 02:00 to 03:00 UTC: reports may load slowly. See the <a href="https://status.example.com/">status page</a>.',
    icon: "wrench",
    type: "is-warning",
  },
];

/**
 * The demo user's own messages. The second carries a campaign name as an ad platform sent it,
 * with a script payload the client must neutralise; what people read is product text only.
 */
const demoUserMessages: ReadonlyArray<MessageText> = [
  {
    html: 'Your <strong>monthly summary</strong> for Northwind Outfitters is ready. <a href="/performance?program=northwind">Open the performance report</a>.',
    icon: "check",
    type: "is-success",
  },
  {
    html: "New campaign from Google Ads: <img src=x onerror=alert(1)>Spring Sale.",
    icon: null,
    type: "is-warning",
  },
  {
    html: "Tip: choose <em>Compare</em> to see the previous period beside the current one.",
    icon: null,
    type: null,
  },
];

const programMessagesByProgram: ReadonlyArray<{ readonly programId: number; readonly texts: ReadonlyArray<MessageText> }> = [
  {
    programId: northwind,
    texts: [
      {
        html: "Cost data from the <strong>search ads</strong> connection is one day behind while the platform catches up.",
        icon: "clock",
        type: "is-warning",
      },
      {
        // Program messages reach every member, so they link only to screens every member may open.
        html: 'New traffic classification rules are live. <a href="/performance?program=northwind">See the channels they produce</a>.',
        icon: "info",
        type: "is-info",
      },
    ],
  },
  {
    programId: bluepeak,
    texts: [{ html: "Affiliate commissions for last month have been <strong>confirmed</strong>.", icon: "check", type: "is-success" }],
  },
  {
    programId: lumen,
    texts: [{ html: "Die Kosten der Social-Kampagnen werden ab <strong>Montag</strong> täglich importiert.", icon: "info", type: "is-info" }],
  },
];

const extraUserTexts: readonly [MessageText, ...MessageText[]] = [
  { html: "Your export <strong>is ready</strong> to download from the reports page.", icon: "download", type: "is-success" },
  { html: "Your password was changed more than a year ago. Consider changing it.", icon: "lock", type: "is-warning" },
  { html: 'Read <a href="https://example.com/attribution-models">how the attribution models differ</a>.', icon: "book", type: "is-info" },
];

const extraProgramTexts: readonly [MessageText, ...MessageText[]] = [
  { html: "Orders from the last <strong>48 hours</strong> may still change status.", icon: "info", type: "is-info" },
  { html: "A new annotation was added to the performance chart.", icon: "flag", type: null },
  { html: "Spend for one campaign is missing a cost link; check variable spend.", icon: "alert", type: "is-danger" },
];

/**
 * The demo data set, fully determined by `seed`, `scale` and `today`: three programs in
 * three currencies, the three demo sign-ins, `round(2 * scale)` extra analysts (at least 2,
 * at most 20; password = their username), system, user and program messages, and the
 * analytics data of the 400 days before `today` (analyticsDemo.ts).
 */
export const generateDemoData = (parameters: DemoDataParameters): DemoData => {
  if (!isDay(parameters.today)) throw new Error(`today must be a YYYY-MM-DD day, got ${parameters.today}`);
  const random = mulberry32(parameters.seed);
  const scale = Math.max(0, parameters.scale);

  const analysts: DemoUser[] = Array.from({ length: Math.min(maxAnalysts, Math.max(2, Math.round(2 * scale))) }, (_, i) => {
    const username = `analyst${i + 1}`;
    return { id: fixedUsers.length + i + 1, username, email: `${username}@example.com`, password: username, isAdmin: false };
  });
  const analystMemberships = analysts.flatMap((analyst) => memberships(random, analyst.id));

  const messages: MessageRow[] = [];
  const add = (audience: MessageAudience, text: MessageText): void => {
    const id = messages.length + 1;
    const createdAt = messagesFrom + id * hour + integerBetween(random, 0, hour - 1);
    messages.push({ id, audience, html: text.html, icon: text.icon, type: text.type, createdAt });
  };
  for (const text of systemMessages) add({ kind: "system" }, text);
  for (const text of demoUserMessages) add({ kind: "user", userId: demo }, text);
  add({ kind: "user", userId: other }, pick(random, extraUserTexts));
  for (const analyst of analysts) add({ kind: "user", userId: analyst.id }, pick(random, extraUserTexts));
  for (const { programId, texts } of programMessagesByProgram) {
    for (const text of texts) add({ kind: "program", programId }, text);
  }
  for (let i = 0; i < Math.min(maxExtraProgramMessages, Math.round(scale * programs.length)); i++) {
    add({ kind: "program", programId: pick(random, [bluepeak, lumen]) }, pick(random, extraProgramTexts));
  }

  return {
    programs,
    users: [...fixedUsers, ...analysts],
    memberships: [...fixedMemberships, ...analystMemberships],
    messages,
    analytics: generateDemoAnalytics(programs, { seed: parameters.seed, scale, today: parameters.today }),
  };
};

const maxAnalysts = 20;
const maxExtraProgramMessages = 30;

/** One or two distinct programs for an extra user. */
const memberships = (random: Random, userId: number): MembershipRow[] => {
  const first = integerBetween(random, 1, programs.length);
  const second = integerBetween(random, 1, programs.length);
  return [...new Set([first, second])].sort((a, b) => a - b).map((programId) => ({ programId, userId }));
};
