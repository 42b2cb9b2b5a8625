import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sharedReads } from "../../../server/http/sharedReads";

/**
 * Identical reads in flight share one answer (server/http/sharedReads.ts): a route behind the middleware whose
 * runs are counted and held at a gate until the test lets them go, so what is "at once" is decided here.
 */

const setup = () => {
  let version = 0;
  let runs = 0;
  let gates: Array<() => void> = [];
  const app = new Hono();
  const shared = sharedReads(() => version);
  const held = async (): Promise<void> => {
    runs += 1;
    await new Promise<void>((open) => gates.push(open));
  };
  for (const path of ["/report", "/another"]) {
    app.get(path, shared, async (c) => {
      await held();
      return c.json({ run: runs, q: c.req.query("q") ?? null }, 200, { "X-Kind": "report" });
    });
  }
  app.get("/broken", shared, async () => {
    await held();
    throw new Error("the warehouse went away");
  });
  app.post("/report", shared, async (c) => {
    await held();
    return c.json({ run: runs });
  });
  app.onError((error, c) => c.json({ error: error.message }, 500));
  return {
    call: (path: string, method = "GET") => app.request(path, { method }),
    /** Lets every held run go on, once the requests sent so far have reached the gate or joined a run. */
    release: async () => {
      await new Promise((r) => setTimeout(r, 0));
      const open = gates;
      gates = [];
      open.forEach((go) => go());
    },
    runs: () => runs,
    write: () => (version += 1),
  };
};

const bodies = (answers: ReadonlyArray<Response>) => Promise.all(answers.map(async (a) => [a.status, a.headers.get("X-Kind"), await a.text()]));

describe("identical reads in flight share one answer", () => {
  it("runs ten identical GETs at once once, and gives each its own copy of the answer", async () => {
    const t = setup();
    const answers = Array.from({ length: 10 }, () => t.call("/report?q=a"));
    await t.release();
    const got = await bodies(await Promise.all(answers));
    expect(t.runs()).toBe(1);
    expect(got).toEqual(Array.from({ length: 10 }, () => [200, "report", '{"run":1,"q":"a"}']));
  });

  it.each<{ readonly name: string; readonly second: string; readonly method?: string; readonly writeBetween?: boolean; readonly runs: number }>([
    { name: "the same address shares", second: "/report?q=a", runs: 1 },
    { name: "another query does not", second: "/report?q=b", runs: 2 },
    { name: "another path does not", second: "/another?q=a", runs: 2 },
    { name: "a write answered in between does not (its client sees it)", second: "/report?q=a", writeBetween: true, runs: 2 },
    { name: "a POST is never shared", second: "/report?q=a", method: "POST", runs: 2 },
  ])("a second call while the first is under way: $name", async ({ second, method, writeBetween, runs }) => {
    const t = setup();
    const first = t.call("/report?q=a");
    await new Promise((r) => setTimeout(r, 0));
    if (writeBetween) t.write();
    const next = t.call(second, method);
    await t.release();
    await Promise.all([first, next]);
    expect(t.runs()).toBe(runs);
  });

  it("runs again once the first answer is given", async () => {
    const t = setup();
    const first = t.call("/report?q=a");
    await t.release();
    await first;
    const second = t.call("/report?q=a");
    await t.release();
    expect(await (await second).text()).toBe('{"run":2,"q":"a"}');
    expect(t.runs()).toBe(2);
  });

  it("answers every joined call with the error of a read that failed, and the next call runs again", async () => {
    const t = setup();
    const answers = [t.call("/broken"), t.call("/broken")];
    await t.release();
    expect(await bodies(await Promise.all(answers))).toEqual([
      [500, null, '{"error":"the warehouse went away"}'],
      [500, null, '{"error":"the warehouse went away"}'],
    ]);
    expect(t.runs()).toBe(1);
    const again = t.call("/broken");
    await t.release();
    expect((await again).status).toBe(500);
    expect(t.runs()).toBe(2);
  });
});
