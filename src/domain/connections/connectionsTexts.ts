import type { ConnectionCard, KnownConnection } from "./connections";

/** The words of the connections screens. */
export const connectionsTexts = {
  title: "Connections",
  /** The last crumb of a connection value the app does not know. */
  invalidConnection: "Invalid Connection",
  cardNames: {
    "google-ads": "Google Ads",
    facebook: "Facebook",
    "microsoft-ads": "Microsoft Advertising",
    affiliate: "Affiliate Network",
  } satisfies Record<ConnectionCard, string>,
  cardKinds: {
    "google-ads": "Search ads",
    facebook: "Social",
    "microsoft-ads": "Search ads",
    affiliate: "Affiliate network",
  } satisfies Record<ConnectionCard, string>,
  /** A known connection's crumb. */
  connectionNames: {
    "google-ads": "Google Ads",
    facebook: "Facebook",
  } satisfies Record<KnownConnection, string>,
  add: "Add",
  edit: "Edit",
  yes: "Yes",
  no: "No",
  close: "Close",
  editQuestion: "Are you sure you want to edit this connection",
  accountManagerRequired: "Account manager required: Please contact your account manager to setup this connection.",
  /** A card's state. */
  states: {
    checking: "Checking…",
    connected: (enabled: number, total: number): string => `Connected: ${enabled} of ${total} ad accounts enabled`,
    notConnected: "Not connected",
    unknown: "Status unavailable",
    external: (platform: string): string => `Set up on ${platform}`,
    accountManager: "Set up by your account manager",
  },
  opensInNewTab: "(opens in a new tab)",
  /** The Google Ads detail. */
  accountsLoading: "Loading ad accounts…",
  accountsCaption: "Google Ads accounts",
  accountColumns: { account_name: "Account", accountId: "Account ID", active: "Sync" },
  enabled: "Enabled",
  disabled: "Disabled",
  enable: "Enable",
  disable: "Disable",
  enableAccount: (name: string): string => `Enable ${name}`,
  disableAccount: (name: string): string => `Disable ${name}`,
  noAccounts: "This account has a search-ads connection, but no ad accounts were found.",
  signInPrompt: "Sign in to Google Ads to let Attribution list your ad accounts and switch their cost sync on or off.",
  signIn: "Sign in with Google",
  listingFailed: "The ad accounts could not be loaded.",
  tryAgain: "Try again",
  refusedHeading: "The connection could not be completed",
  startAgain: "Start again",
  switchFailed: (name: string, enable: boolean): string =>
    `${name} could not be ${enable ? "enabled" : "disabled"}; it is still ${enable ? "disabled" : "enabled"}.`,
  /** The social platform's detail. */
  facebookIntro: "Facebook connections are made on Facebook's own pages.",
  openFacebook: "Open Facebook",
} as const;
