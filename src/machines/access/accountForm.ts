import type { LoginResponse } from "../../domain/access/auth";
import type { HttpError } from "../../services/http/httpErrors";
import { EffectDefect } from "../runtime/fromEffect";

/**
 * The form that makes an account and signs its person in, the same for the first-run
 * screen (the first admin) and the accept-invitation page (an invited person): `editing`
 * (fresh, or `refused` with `problem` saying why: the form's own rule or the server's
 * words), `submitting` the screen's call, and `signedIn` (the session is told).
 *
 * The screen's `setup` registers `accountFormGuards`, its call, and the actions these
 * states name: `noteProblem` (params: the problem), `holdRequest` (params: the form),
 * `forgetPassword` (on leaving `submitting`) and `announceSignedIn` (params: the answer).
 */

/** A refused account: its status, code and the server's words, when the failure has them. */
export interface AccountRefusal {
  readonly status: number | undefined;
  readonly code: string;
  readonly message: string;
}

/** What an account call's failure says (a defect: nothing). */
export const accountRefusalOf = (failure: HttpError | EffectDefect): AccountRefusal =>
  failure instanceof EffectDefect
    ? { status: undefined, code: "", message: "" }
    : { status: "status" in failure ? failure.status : undefined, code: "code" in failure ? failure.code : "", message: failure.message };

export const accountFormGuards = {
  /** The form's first problem the browser can see (null: none). */
  hasFormProblem: (_: unknown, problem: string | null) => problem !== null,
  /** 400 or 409 (that the screen's own refusal did not take first): the server refused the form, in words to show (a common password, a name taken). */
  isRefusedForm: (_: unknown, refusal: AccountRefusal) => refusal.status === 400 || refusal.status === 409,
} as const;

/** The session's event for a person the call signed in. */
export const signedInEventOf = (_: unknown, output: LoginResponse) => ({ type: "session.signedIn" as const, token: output.token, user: output.user, programs: output.programs });

const formOf = <TForm>({ event }: { readonly event: { readonly form: TForm } }): TForm => event.form;
const outputOf = ({ event }: { readonly event: { readonly output: LoginResponse } }): LoginResponse => event.output;

/**
 * `editing`, `submitting` and `signedIn`: `submitted` is the form's event (with its `form`),
 * `problemOf` the form's first problem the browser can see, `src` the call (its `input`
 * made of the context), `refusalOf` what its failure says, and `ends` the refusal checked
 * first, which leaves the form for the screen's own state (a dead link; a server set up
 * meanwhile). Server and network failures are shown by the global dialog; the form stays.
 */
export const accountFormStates = <
  TContext,
  TForm,
  TInput,
  const TSubmitted extends string,
  const TSrc extends string,
  const TEndGuard extends string,
  const TEnd extends string,
>(form: {
  readonly submitted: TSubmitted;
  readonly problemOf: (args: { readonly context: TContext; readonly event: { readonly form: TForm } }) => string | null;
  readonly src: TSrc;
  readonly input: (args: { readonly context: TContext }) => TInput;
  readonly refusalOf: (event: { readonly error: unknown }) => AccountRefusal;
  readonly ends: { readonly guard: TEndGuard; readonly target: TEnd };
}) => {
  const refusal = ({ event }: { readonly event: { readonly error: unknown } }) => form.refusalOf(event);
  const problemText = (args: { readonly context: TContext; readonly event: { readonly form: TForm } }) => form.problemOf(args) ?? "";
  const submitted = [
    { guard: { type: "hasFormProblem", params: form.problemOf }, target: ".refused", actions: { type: "noteProblem", params: problemText } },
    { target: "submitting", actions: { type: "holdRequest", params: formOf<TForm> } },
  ] as const;
  return {
    editing: {
      initial: "fresh",
      states: {
        fresh: {},
        /** The last submit was refused, by the form's rule or the server: `problem` says why. */
        refused: {},
      },
      on: { [form.submitted]: submitted } as Record<TSubmitted, typeof submitted>,
    },
    submitting: {
      exit: "forgetPassword",
      invoke: {
        src: form.src,
        input: form.input,
        onDone: { target: "signedIn", actions: { type: "announceSignedIn", params: outputOf } },
        onError: [
          { guard: { type: form.ends.guard, params: refusal }, target: form.ends.target },
          { guard: { type: "isRefusedForm", params: refusal }, target: "editing.refused", actions: { type: "noteProblem", params: (args: { readonly event: { readonly error: unknown } }) => refusal(args).message } },
          { target: "editing" },
        ],
      },
    },
    signedIn: { type: "final" },
  } as const;
};

/** What a screen with these states shows of its form. */
interface AccountFormSnapshot {
  matches(state: "editing" | "submitting" | "signedIn" | { readonly editing: "refused" }): boolean;
  readonly context: { readonly problem: string };
}

export const accountFormSelectors = {
  /** The form shows while editing and while it is being sent. */
  showsForm: (s: AccountFormSnapshot) => s.matches("editing") || s.matches("submitting"),
  isSubmitting: (s: AccountFormSnapshot) => s.matches("submitting"),
  problem: (s: AccountFormSnapshot) => (s.matches({ editing: "refused" }) ? s.context.problem : null),
  isSignedIn: (s: AccountFormSnapshot) => s.matches("signedIn"),
};
