import type { ConnectionAccount } from "../../src/domain/connections/connectors";

/** An ad platform of the connectors service ("google-ads"). */
export type ConnectorPlatform = "google-ads";

/** A consent round trip's state, stored as its SHA-256. */
export interface ConnectorStateRecord {
  readonly stateDigest: string;
  readonly userId: number;
  readonly platform: ConnectorPlatform | string;
  readonly issuedAt: number;
  /** When the user pressed 'Allow' on the consent page with this state; null until then. */
  readonly allowedAt: number | null;
  /** When the state was redeemed with its code (the grant was written then); null until then. */
  readonly usedAt: number | null;
}

/** Grants, consent states and the simulated ad accounts, per user and platform. */
export interface ConnectorQueries {
  issueState(state: Omit<ConnectorStateRecord, "usedAt" | "allowedAt">): Promise<void>;
  findState(stateDigest: string): Promise<ConnectorStateRecord | null>;
  /** Records 'Allow' for the state at `at`, once; false when it was already allowed (or is unknown). Grants nothing. */
  allowState(stateDigest: string, at: number): Promise<boolean>;
  /**
   * Redeems an allowed, unused state of the user at `at`: marks it used and records the
   * user's grant on its platform, in one transaction; false (and nothing written) when the
   * state is unknown, another user's, not allowed or already used.
   */
  redeemState(stateDigest: string, userId: number, at: number): Promise<boolean>;
  hasGrant(userId: number, platform: ConnectorPlatform): Promise<boolean>;
  /** The user's ad accounts on the platform, by account id. */
  accounts(userId: number, platform: ConnectorPlatform): Promise<ReadonlyArray<ConnectionAccount>>;
  /** Switches an account on or off; false when the user has no such account. */
  setActive(userId: number, platform: ConnectorPlatform, accountId: string, active: boolean): Promise<boolean>;
  /** Adds ad accounts (the demo data's and tests'). */
  addAccounts(userId: number, platform: ConnectorPlatform, accounts: ReadonlyArray<ConnectionAccount>): Promise<void>;
}
