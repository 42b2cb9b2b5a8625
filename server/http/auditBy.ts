import type { User } from "../../src/domain/shell/user";
import type { AuditBy } from "../engine/stores";

/** Who makes an audited change: the signed-in person (`c.get("user")`), by id and their name now, at `at` (the server's clock). */
export const auditByOf = (user: User, at: number): AuditBy => ({ userId: user.id, userName: user.username, at });
