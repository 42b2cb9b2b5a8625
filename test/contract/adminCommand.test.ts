import { afterEach, describe, expect, it } from "vitest";
import { adminArgumentsOf, adminUsage, runAdminCommand } from "../../server/admin/adminCommand";
import { verifyPassword } from "../../server/auth/passwords";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { openFreshWarehouse } from "../warehouseUnderTest";
import { FakeClock, quickScryptCost } from "./contractApp";

/** `npm run admin -- create-admin`: the first-run setup's rules from the shell, on both engines. */
describe("npm run admin -- create-admin", () => {
  let warehouse: Warehouse | null = null;
  afterEach(async () => {
    await warehouse?.close();
    warehouse = null;
  });

  const clock = new FakeClock();
  /** Runs the command over one fresh warehouse (kept open between runs; the command's close is a no-op here). */
  const run = async (args: ReadonlyArray<string>, typed = "") => {
    warehouse ??= await openFreshWarehouse(clock.read);
    const users = warehouse.users;
    const asked: string[] = [];
    const answer = await runAdminCommand(args, {
      open: () => Promise.resolve({ users, close: () => Promise.resolve() }),
      askPassword: (prompt) => {
        asked.push(prompt);
        return Promise.resolve(typed);
      },
      clock: clock.read,
      passwordCost: quickScryptCost,
    });
    return { ...answer, asked };
  };

  it.each([
    [["create-admin", "--email", "a@b.org"], { email: "a@b.org", name: null, password: null }],
    [["--", "create-admin", "--email=a@b.org", "--password=x y", "--name", "Ada"], { email: "a@b.org", name: "Ada", password: "x y" }],
    [["create-admin"], null],
    [["create-admin", "--email"], null],
    [["create-user", "--email", "a@b.org"], null],
    [["create-admin", "--email", "a@b.org", "--admin"], null],
  ])("reads %j as %o", (args, expected) => {
    expect(adminArgumentsOf(args)).toEqual(expected);
  });

  it("answers its usage for anything else", async () => {
    expect(await run(["create-user"])).toMatchObject({ code: 1, lines: [adminUsage] });
  });

  it("creates an admin who signs in with the email, and refuses the same email again", async () => {
    const first = await run(["create-admin", "--email", "Ops@Example.org", "--password", "a long enough passphrase"]);
    expect(first).toMatchObject({ code: 0, lines: ["Admin created: sign in as ops@example.org (Ops@Example.org)."], asked: [] });
    const credentials = await warehouse?.users.findCredentials("ops@example.org");
    expect(credentials?.user).toMatchObject({ username: "ops@example.org", is_admin: true });
    expect(await verifyPassword("a long enough passphrase", credentials?.passwordHash ?? "")).toBe(true);
    expect(await warehouse?.users.anyAccount()).toBe(true);

    const again = await run(["create-admin", "--email", "ops@example.org", "--name", "someone", "--password", "another long passphrase"]);
    expect(again).toMatchObject({ code: 1, lines: ["No admin created: An account with that name or email already exists."] });
    // One audit line, the new admin's own, at the command's clock; none for the refusal.
    const trail = await warehouse?.audit.list({ offset: 0, limit: 10 });
    expect(trail?.lines.map((l) => [l.at, l.userName, l.kind, l.action, l.object, l.before])).toEqual([[clock.now, "ops@example.org", "person", "created", String(credentials?.user.id), null]]);
  });

  it("asks for the password when --password is left out, with the same rules", async () => {
    const refused = await run(["create-admin", "--email", "ops@example.org"], "qwertyqwerty");
    expect(refused).toMatchObject({ code: 1, lines: ["No admin created: This password is one of the most common ones; choose another."] });
    expect(refused.asked).toEqual(["Password for ops@example.org (at least 12 characters): "]);
    expect(await warehouse?.users.anyAccount()).toBe(false);
    expect(await run(["create-admin", "--email", "ops@example.org"], "short")).toMatchObject({
      code: 1,
      lines: ["No admin created: Use at least 12 characters."],
    });
    expect(await run(["create-admin", "--email", "ops@example.org"], "typed without echo")).toMatchObject({ code: 0 });
  });
});
