import { createAdmin, type AdminStore } from "../auth/newAdmin";
import type { ScryptCost } from "../auth/passwords";

/**
 * `npm run admin -- create-admin --email <email> [--name <name>] [--password <password>]`:
 * makes an admin in the database of DATA_DIR (or the warehouse WAREHOUSE names), with the
 * first-run screen's rules (a password of at least 12 characters that is not a common one);
 * refused when the name or email is already someone's. Without `--password` it asks on the
 * terminal without echo. The name, which the admin signs in with, defaults to the email.
 */
export const adminUsage = "usage: npm run admin -- create-admin --email <email> [--name <name>] [--password <password>]";

export interface AdminCommandAnswer {
  /** 0 created; 1 nothing created (see the lines). */
  readonly code: number;
  readonly lines: ReadonlyArray<string>;
}

export interface CreateAdminArguments {
  readonly email: string;
  readonly name: string | null;
  readonly password: string | null;
}

/** The command and its options (`--email E` or `--email=E`), or null when they do not make a create-admin. */
export const adminArgumentsOf = (args: ReadonlyArray<string>): CreateAdminArguments | null => {
  const rest = args.filter((arg) => arg !== "--");
  if (rest[0] !== "create-admin") return null;
  const options = new Map<string, string>();
  for (let i = 1; i < rest.length; i++) {
    const arg = rest[i] ?? "";
    const inline = /^--(email|name|password)=(.*)$/s.exec(arg);
    const spaced = /^--(email|name|password)$/.exec(arg);
    if (inline?.[1] !== undefined && inline[2] !== undefined) options.set(inline[1], inline[2]);
    else if (spaced?.[1] !== undefined && i + 1 < rest.length) options.set(spaced[1], rest[++i] ?? "");
    else return null;
  }
  const email = options.get("email");
  if (email === undefined) return null;
  return { email, name: options.get("name") ?? null, password: options.get("password") ?? null };
};

export const runAdminCommand = async (
  args: ReadonlyArray<string>,
  deps: {
    /** Opens the warehouse's accounts; closed by `close`. */
    readonly open: () => Promise<{ readonly users: AdminStore; close(): Promise<void> }>;
    /** Asks for the password on the terminal without echo. */
    readonly askPassword: (prompt: string) => Promise<string>;
    /** The time of the new admin's audit line. */
    readonly clock: () => number;
    readonly passwordCost?: ScryptCost;
  },
): Promise<AdminCommandAnswer> => {
  const parsed = adminArgumentsOf(args);
  if (parsed === null) return { code: 1, lines: [adminUsage] };
  const password = parsed.password ?? (await deps.askPassword(`Password for ${parsed.email} (at least 12 characters): `));
  const request = { name: parsed.name ?? parsed.email, email: parsed.email, password };
  const store = await deps.open();
  try {
    const outcome = await createAdmin(store.users, request, { onlyFirst: false, at: deps.clock(), ...(deps.passwordCost ? { passwordCost: deps.passwordCost } : {}) });
    if ("refused" in outcome) return { code: 1, lines: [`No admin created: ${outcome.refused.message}.`] };
    return { code: 0, lines: [`Admin created: sign in as ${outcome.created.username} (${outcome.created.email}).`] };
  } finally {
    await store.close();
  }
};
