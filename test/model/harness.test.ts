/**
 * The harness must be able to fail: these tests run the generated paths against
 * deliberately broken variants of the production machines (through `runPath`'s
 * `provide` override) and expect the paths to catch each mutation.
 */
import { assign, fromCallback, fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/domain/shell/message";
import { recoverPasswordMachine } from "../../src/machines/access/recoverPassword.machine";
import { TrackingClock, coverage, defineMachineModel, modelPaths, runPath, type MachineModel, type RunOptions } from "./harness";
import { errorDialogModel } from "./shell/errorDialog.model";
import { loginResponse } from "./fixtures";
import { messagesModel } from "./shell/messages.model";
import { recoverPasswordModel } from "./access/recoverPassword.model";
import { resetPasswordModel } from "./access/resetPassword.model";
import { sessionModel } from "./shell/session.model";
import { signInModel } from "./access/signIn.model";

/** Runs every shortest path with the override; returns the failure messages. */
const failuresWith = async (model: MachineModel, provide: RunOptions["provide"]): Promise<string[]> => {
  const results = await Promise.allSettled(modelPaths(model).map((p) => runPath(model, p, { provide })));
  return results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
};

const m = (model: unknown) => model as MachineModel;

describe("TrackingClock", () => {
  it("knows how long until a pending timeout fires, and forgets fired or cleared ones", () => {
    const clock = new TrackingClock();
    let fired = 0;
    clock.setTimeout(() => fired++, 4000);
    const cleared = clock.setTimeout(() => fired++, 100);
    clock.clearTimeout(cleared);
    clock.increment(1500);
    expect(clock.remaining(4000)).toBe(2500);
    expect(clock.remaining(100)).toBeUndefined();
    clock.increment(2499);
    expect(fired).toBe(0);
    clock.increment(1);
    expect(fired).toBe(1);
    expect(clock.pendingCount()).toBe(0);
  });
});

describe("defineMachineModel", () => {
  it("refuses an event type the machine does not handle", () => {
    expect(() =>
      defineMachineModel({ ...recoverPasswordModel, events: { "recover.sent": [{}] } as never }),
    ).toThrow(/no transition for event 'recover.sent'/);
  });
  it("refuses outcomes for an actor the machine never invokes", () => {
    expect(() => defineMachineModel({ ...recoverPasswordModel, actorOutcomes: { sendEmail: { resolves: { ok: 1 } } } })).toThrow(
      /never invokes 'sendEmail'/,
    );
  });
  it("refuses an invoked actor left real by accident (it would call the network)", () => {
    expect(() => defineMachineModel({ name: "r", machine: recoverPasswordMachine, events: {}, actorOutcomes: {} })).toThrow(
      /'requestReset' needs outcomes/,
    );
  });
});

describe("modelPaths", () => {
  it("drops paths that are prefixes of others and numbers the rest", () => {
    const paths = modelPaths(recoverPasswordModel);
    expect(paths.map((p) => p.id)).toEqual(paths.map((_, i) => i + 1));
    const keys = paths.map((p) => p.steps.join("|"));
    for (const a of keys) for (const b of keys) if (a !== b) expect(b.startsWith(`${a}|`)).toBe(false);
  });

  it("drops paths that the exact replay finds infeasible (a coarse projection merged states)", async () => {
    // The simple-path projection of the messages model ignores which messages are shown,
    // so the graph offers "dismiss #2" in states where #2 is not shown: such paths must go.
    const paths = modelPaths(messagesModel, { strategy: "simple" });
    expect(paths.dropped).toBeGreaterThan(0);
    for (const p of paths) await runPath(messagesModel, p);
  });

  it("caps the number of paths but keeps every state covered", () => {
    const capped = modelPaths(sessionModel, { maxPaths: 6 });
    expect(capped.length).toBe(6);
    expect(coverage(m(sessionModel), capped).missing).toEqual([]);
  });

  it("generates paths for every named input", () => {
    const inputs = new Set(modelPaths(resetPasswordModel).map((p) => p.input));
    expect(inputs).toEqual(new Set(["link", "noToken"]));
  });
});

describe("runPath catches broken machines", () => {
  it("a timer of the wrong duration", async () => {
    const failures = await failuresWith(m(recoverPasswordModel), () => ({ delays: { confirmationRedirect: 3000 } }));
    expect(failures.join("\n")).toMatch(/confirmationRedirect' lasts 3000 ms, the model expects 4000 ms/);
  });

  it("a guard that lets mismatched passwords through", async () => {
    const failures = await failuresWith(m(resetPasswordModel), () => ({ guards: { passwordsDiffer: () => false } }));
    expect(failures.join("\n")).toMatch(/reset.submitted \[mismatched\]: expected authorised.mismatch/);
  });

  it("a failure channel that is not listened to", async () => {
    const deaf = fromCallback(() => () => {});
    const failures = await failuresWith(m(sessionModel), () => ({ actors: { httpFailureListener: deaf } }));
    expect(failures.join("\n")).toMatch(/http.failed \[unauthorized\]: expected signedOut.expired/);
  });

  it("a 403 that opens the wrong dialog", async () => {
    const failures = await failuresWith(m(errorDialogModel), () => ({ guards: { isForbidden: () => false } }));
    expect(failures.join("\n")).toMatch(/http.failed \[forbidden\]: expected forbidden/);
  });

  it("an app action that is not called", async () => {
    const failures = await failuresWith(m(errorDialogModel), () => ({ actions: { redirect: () => {} } }));
    expect(failures.join("\n")).toMatch(/redirect only when the Forbidden dialog is confirmed|app actions differ/);
  });

  it("a service that does not wait for its answer", async () => {
    const eager = fromPromise(async () => loginResponse);
    const failures = await failuresWith(m(signInModel), () => ({ actors: { login: eager } }));
    expect(failures.length).toBe(modelPaths(signInModel).filter((p) => p.steps.some((s) => s.includes("login"))).length);
    expect(failures.join("\n")).toMatch(/one login call per accepted submit/);
  });

  it("a reload that shows a message whose dismissal is pending (the bug fixed in messages.machine.ts)", async () => {
    const unfiltered = assign((_: unknown, messages: ReadonlyArray<Message>) => ({ messages }));
    const failures = await failuresWith(m(messagesModel), () => ({ actions: { storeMessages: unfiltered } }));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join("\n")).toMatch(/observed context differs/);
  });

  it("passes the unbroken machines (control)", async () => {
    for (const model of [recoverPasswordModel, resetPasswordModel, signInModel, errorDialogModel]) {
      expect(await failuresWith(m(model), undefined)).toEqual([]);
    }
  });
});
