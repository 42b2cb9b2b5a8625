import type { ConnectionAccount } from "../../src/domain/connections/connectors";

/** An ad platform of the connectors service ("google-ads"). */
export type ConnectorPlatform = "google-ads";

/** A consent round trip's state, stored as its SHA-256. */
export interface ConnectorStateRecord {
  readonly stateDigest: string;
  readonly userId: number;
  readonly platform: ConnectorPlatform | string;
  readonly issuedAt: number;
  readonly usedAt: number | null;
}

/** Grants, consent states and the simulated ad accounts, per user and platform. */
export interface ConnectorQueries {
  issueState(state: Omit<ConnectorStateRecord, "usedAt">): Promise<void>;
  findState(stateDigest: string): Promise<ConnectorStateRecord | null>;
  /** Marks the state used at `at`; false when it was already used (or is unknown). */
  useState(stateDigest: string, at: number): Promise<boolean>;
  /** Records that the user granted access (idempotent). */
  grant(userId: number, platform: ConnectorPlatform, at: number): Promise<void>;
  hasGrant(userId: number, platform: ConnectorPlatform): Promise<boolean>;
  /** The user's ad accounts on the platform, by account id. */
  accounts(userId: number, platform: ConnectorPlatform): Promise<ReadonlyArray<ConnectionAccount>>;
  /** Switches an account on or off; false when the user has no such account. */
  setActive(userId: number, platform: ConnectorPlatform, accountId: string, active: boolean): Promise<boolean>;
  /** Adds ad accounts (the demo data's and tests'). */
  addAccounts(userId: number, platform: ConnectorPlatform, accounts: ReadonlyArray<ConnectionAccount>): Promise<void>;
}
