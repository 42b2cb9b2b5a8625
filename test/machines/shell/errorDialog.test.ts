import { SimulatedClock, createActor } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { texts } from "../../../src/domain/shell/texts";
import { errorDialogMachine, errorDialogSelectors as sel } from "../../../src/machines/shell/errorDialog.machine";
import { publishHttpFailure } from "../../../src/machines/shell/httpFailureListener";
import { httpErrors } from "../../model/fixtures";

const started: Array<{ stop: () => void }> = [];
const setup = () => {
  const clock = new SimulatedClock();
  const redirect = vi.fn();
  const reloadPage = vi.fn();
  const actor = createActor(errorDialogMachine.provide({ actions: { redirect, reloadPage } }), { clock }).start();
  started.push(actor);
  return { actor, clock, redirect, reloadPage };
};
afterEach(() => {
  for (const a of started.splice(0)) a.stop();
});

const admin = { text: "You don't have access to admin resources", redirectTo: "/" };

describe("errorDialog machine", () => {
  it("403 on the failure channel opens Forbidden; Okay redirects to /logout", () => {
    const { actor, redirect } = setup();
    publishHttpFailure(httpErrors.forbidden);
    expect(sel.kind(actor.getSnapshot())).toBe("forbidden");
    expect(sel.forbiddenText(actor.getSnapshot())).toBe(texts.dialogs.forbidden.text);
    expect(redirect).not.toHaveBeenCalled();
    actor.send({ type: "dialog.confirmed" });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect.mock.calls[0]?.[1]).toEqual({ to: "/logout" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
  });

  it("a screen's override sets the Forbidden text and path; clearing it restores the defaults", () => {
    const { actor, redirect } = setup();
    actor.send({ type: "dialog.overrideSet", override: admin });
    publishHttpFailure(httpErrors.forbidden);
    expect(sel.forbiddenText(actor.getSnapshot())).toBe(admin.text);
    actor.send({ type: "dialog.confirmed" });
    expect(redirect.mock.calls[0]?.[1]).toEqual({ to: "/" });

    actor.send({ type: "dialog.overrideSet", override: null });
    actor.send({ type: "dialog.forbidden" });
    expect(sel.forbiddenText(actor.getSnapshot())).toBe(texts.dialogs.forbidden.text);
    actor.send({ type: "dialog.confirmed" });
    expect(redirect.mock.calls[1]?.[1]).toEqual({ to: "/logout" });
  });

  it("keeps the text and path it opened with if the override changes while open", () => {
    const { actor, redirect } = setup();
    publishHttpFailure(httpErrors.forbidden);
    actor.send({ type: "dialog.overrideSet", override: admin });
    expect(sel.forbiddenText(actor.getSnapshot())).toBe(texts.dialogs.forbidden.text);
    actor.send({ type: "dialog.confirmed" });
    expect(redirect.mock.calls[0]?.[1]).toEqual({ to: "/logout" });
  });

  it.each([
    ["400", httpErrors.badRequest],
    ["404", httpErrors.notFound],
    ["422", httpErrors.unprocessable],
  ])("%s opens Whoops; Try again reloads the page", (_l, error) => {
    const { actor, reloadPage, redirect } = setup();
    publishHttpFailure(error);
    expect(sel.kind(actor.getSnapshot())).toBe("clientError");
    actor.send({ type: "dialog.confirmed" });
    expect(sel.kind(actor.getSnapshot())).toBe("clientError");
    actor.send({ type: "dialog.retried" });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(redirect).not.toHaveBeenCalled();
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
  });

  it.each([
    ["500", httpErrors.server],
    ["503", httpErrors.unavailable],
  ])("%s opens Oh no; Try again reloads the page", (_l, error) => {
    const { actor, reloadPage } = setup();
    publishHttpFailure(error);
    expect(sel.kind(actor.getSnapshot())).toBe("serverError");
    actor.send({ type: "dialog.retried" });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("only one dialog at a time: later failures while open are ignored", () => {
    const { actor, redirect, reloadPage } = setup();
    publishHttpFailure(httpErrors.forbidden);
    publishHttpFailure(httpErrors.server);
    publishHttpFailure(httpErrors.badRequest);
    actor.send({ type: "dialog.serverError" });
    expect(sel.kind(actor.getSnapshot())).toBe("forbidden");
    actor.send({ type: "dialog.retried" });
    expect(reloadPage).not.toHaveBeenCalled();
    actor.send({ type: "dialog.confirmed" });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
    // closed again: the next failure opens a dialog
    publishHttpFailure(httpErrors.server);
    expect(sel.kind(actor.getSnapshot())).toBe("serverError");
  });

  it("401 (the session's) and network failures (the screen's) open nothing", () => {
    const { actor } = setup();
    publishHttpFailure(httpErrors.unauthorized);
    publishHttpFailure(httpErrors.network);
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
  });

  it("has no time-out", () => {
    const { actor, clock } = setup();
    publishHttpFailure(httpErrors.server);
    clock.increment(60 * 60 * 1000);
    expect(sel.kind(actor.getSnapshot())).toBe("serverError");
  });

  it("stops listening when stopped", () => {
    const { actor } = setup();
    actor.stop();
    publishHttpFailure(httpErrors.server);
    expect(actor.getSnapshot().value).toBe("closed");
  });
});
