import { Either, Schema } from "effect";
import { ProgramChange, ProgramDraft, type AdminProgram } from "../../../src/domain/programs/programAdmin";
import { hasProblems, programFormProblems } from "../../../src/domain/programs/programForm";
import { programAdminMachine, programAdminSelectors as sel, type SaveCall } from "../../../src/machines/programs/programAdmin.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { acme, acmeAdminProgram, beta, httpErrors, quietSessionScopeListener, recordingSessionActor } from "../fixtures";
import { defineMachineModel, invariant } from "../harness";
import { scopeChanges } from "../reports/reportModels";

const active: AdminProgram = acmeAdminProgram;
const archived: AdminProgram = { ...active, id: 2, code: "old", name: "Old", archived: true };
const created: AdminProgram = { ...active, id: 3, code: "acme-eu", name: "Acme Europe" };
const codeTaken = new ClientError({ status: 409, code: "program_code_taken", message: "HTTP 409", path: "/admin/programs" });

const decodes = (schema: Schema.Schema<unknown, unknown, never>, body: unknown): boolean => Either.isRight(Schema.decodeUnknownEither(schema)(body));

/**
 * The Programs screen: loading (with the API context alone), failed with 'Try again', refused
 * on a 403, ready (idle, editing, saving, confirming, archiving, syncing). Invariants: a save
 * is sent only when the API would take its body (a create's whole draft, an edit's change of
 * a listed program, never its code); only a listed program is asked about, archive for an
 * active one and unarchive for an archived one; the session hears nothing but the person's
 * program list, once per change.
 */
export const programAdminModel = defineMachineModel({
  name: "programAdmin",
  machine: programAdminMachine,
  input: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)) }),
  events: {
    "session.scopeChanged": scopeChanges,
    "programs.retried": [{}],
    "programs.createAsked": [{}],
    "programs.editAsked": { active: { code: "acme" } },
    "programs.fieldChanged": {
      name: { field: "name", value: "Acme Europe" },
      code: { field: "code", value: "acme-eu" },
      badCode: { field: "code", value: "Acme EU" },
    },
    "programs.formSubmitted": [{}],
    "programs.formCancelled": [{}],
    "programs.archiveAsked": { active: { code: "acme" }, archived: { code: "old" } },
    "programs.unarchiveAsked": { archived: { code: "old" }, active: { code: "acme" } },
    "programs.archiveCancelled": [{}],
    "programs.archiveConfirmed": [{}],
    "programs.noticeDismissed": [{}],
  },
  actorOutcomes: {
    loadPrograms: { resolves: { two: { data: [active, archived] } }, rejects: { server: httpErrors.server, forbidden: httpErrors.forbidden } },
    saveProgram: { resolves: { created: { data: created } }, rejects: { server: httpErrors.server, codeTaken } },
    setArchived: { resolves: { archived: { data: { ...active, archived: true } } }, rejects: { server: httpErrors.server } },
    loadMenuPrograms: { resolves: { menu: { data: [acme, beta] } }, rejects: { server: httpErrors.server } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({
    programs: c.programs.length,
    form: c.form === null ? null : `${c.form.mode}:${c.form.values.name}:${c.form.values.code}:${Object.keys(c.form.problems).join(",")}:${c.form.failure !== null}`,
    target: c.target?.code ?? null,
    notice: c.notice?.tone ?? null,
  }),
  strategies: {
    shortest: { maxPaths: 60, transitions: false },
    // Coarser for simple paths: whether a form is open and could be sent (so a valid form's submit reaches `saving`).
    simple: { observe: (c) => ({ form: c.form === null ? null : hasProblems(programFormProblems(c.form.values, c.form.mode)) }), maxPaths: 40 },
  },
  limit: 40_000,
  check: ({ before, after, newCalls }) => {
    for (const call of newCalls.filter((c) => c.kind === "actor" && c.name === "saveProgram")) {
      const save = call.payload as SaveCall;
      if (save.code === null) invariant(decodes(ProgramDraft as Schema.Schema<unknown, unknown, never>, save.body), "a create is sent only when the API would take it");
      else {
        invariant(decodes(ProgramChange as Schema.Schema<unknown, unknown, never>, save.body), "an edit is sent only when the API would take it");
        invariant(!("code" in (save.body as object)), "an edit never changes the code");
        invariant(before !== undefined && sel.programs(before).some((p) => p.code === save.code), "an edit is of a listed program");
      }
    }
    const asked = sel.confirming(after);
    if (asked !== null) {
      const listed = sel.programs(after).find((p) => p.code === asked.program.code);
      invariant(listed !== undefined, "only a listed program is asked about");
      if (after.matches({ ready: "confirming" })) invariant(listed.archived === (asked.ask === "unarchive"), "archive an active program, unarchive an archived one");
    }
    for (const told of newCalls.filter((c) => c.kind === "received" && c.name === "session")) {
      invariant(JSON.stringify(told.payload) === JSON.stringify({ type: "session.programsChanged", programs: [acme, beta] }), "the session hears only the person's program list");
    }
  },
});
