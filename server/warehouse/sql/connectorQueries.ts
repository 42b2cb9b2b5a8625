import type { ConnectorQueries } from "../connectorQueries";
import { insertRows, nullableNumberOf, numberOf, textOf, type Statements, type StatementLine } from "../statements";

const countOf = async (sql: Statements, query: string, parameters: ReadonlyArray<string | number>): Promise<number> =>
  numberOf((await sql.rows(query, parameters))[0]?.["n"]);

export const sqlConnectorQueries = (line: StatementLine): ConnectorQueries => ({
  issueState: (state) =>
    line.exclusive((sql) =>
      sql.run("INSERT INTO connector_states (state, user_id, platform, issued_at, used_at) VALUES ($1, $2, $3, $4, NULL)", [
        state.stateDigest,
        state.userId,
        state.platform,
        state.issuedAt,
      ]),
    ),

  findState: (stateDigest) =>
    line.exclusive(async (sql) => {
      const row = (
        await sql.rows(
          `SELECT s.state, s.user_id, s.platform, s.issued_at, s.used_at, c.allowed_at
           FROM connector_states s LEFT JOIN connector_consents c ON c.state = s.state
           WHERE s.state = $1`,
          [stateDigest],
        )
      )[0];
      return row
        ? {
            stateDigest: textOf(row["state"]),
            userId: numberOf(row["user_id"]),
            platform: textOf(row["platform"]),
            issuedAt: numberOf(row["issued_at"]),
            allowedAt: nullableNumberOf(row["allowed_at"]),
            usedAt: nullableNumberOf(row["used_at"]),
          }
        : null;
    }),

  allowState: (stateDigest, at) =>
    line.transaction(async (sql) => {
      const open = await countOf(
        sql,
        `SELECT count(*) AS n FROM connector_states s
         WHERE s.state = $1 AND s.used_at IS NULL AND NOT EXISTS (SELECT 1 FROM connector_consents c WHERE c.state = s.state)`,
        [stateDigest],
      );
      if (open === 0) return false;
      await sql.run("INSERT INTO connector_consents (state, allowed_at) VALUES ($1, $2)", [stateDigest, at]);
      return true;
    }),

  redeemState: (stateDigest, userId, at) =>
    line.transaction(async (sql) => {
      const row = (
        await sql.rows(
          `SELECT s.platform FROM connector_states s JOIN connector_consents c ON c.state = s.state
           WHERE s.state = $1 AND s.user_id = $2 AND s.used_at IS NULL`,
          [stateDigest, userId],
        )
      )[0];
      if (!row) return false;
      const platform = textOf(row["platform"]);
      await sql.run("UPDATE connector_states SET used_at = $2 WHERE state = $1", [stateDigest, at]);
      await sql.run(
        `INSERT INTO connector_grants (user_id, platform, granted_at)
         SELECT $1, $2, $3
         WHERE NOT EXISTS (SELECT 1 FROM connector_grants WHERE user_id = $1 AND platform = $2)`,
        [userId, platform, at],
      );
      return true;
    }),

  hasGrant: (userId, platform) =>
    line.exclusive(
      async (sql) =>
        (await countOf(sql, "SELECT count(*) AS n FROM connector_grants WHERE user_id = $1 AND platform = $2", [userId, platform])) > 0,
    ),

  accounts: (userId, platform) =>
    line.exclusive(async (sql) =>
      (
        await sql.rows(
          "SELECT account_id, account_name, active FROM connector_accounts WHERE user_id = $1 AND platform = $2 ORDER BY account_id",
          [userId, platform],
        )
      ).map((row) => ({
        accountId: textOf(row["account_id"]),
        account_name: textOf(row["account_name"]),
        active: row["active"] === true,
      })),
    ),

  setActive: (userId, platform, accountId, active) =>
    line.transaction(async (sql) => {
      const known = await countOf(
        sql,
        "SELECT count(*) AS n FROM connector_accounts WHERE user_id = $1 AND platform = $2 AND account_id = $3",
        [userId, platform, accountId],
      );
      if (known === 0) return false;
      await sql.run("UPDATE connector_accounts SET active = $4 WHERE user_id = $1 AND platform = $2 AND account_id = $3", [
        userId,
        platform,
        accountId,
        active,
      ]);
      return true;
    }),

  addAccounts: (userId, platform, accounts) =>
    line.transaction((sql) =>
      insertRows(
        sql,
        "connector_accounts",
        ["user_id", "platform", "account_id", "account_name", "active"],
        accounts.map((a) => [userId, platform, a.accountId, a.account_name, a.active]),
      ),
    ),
});
