/**
 * How a screen opened from a mailed link (a password reset, an invitation: a token and an
 * email in the address) starts: a link without both is bad at once; otherwise the screen's
 * `src` asks the server about it, its answer goes on by `onDone` and a failure is the
 * screen's own `badLink` state. The screen's `setup` registers `accessLinkGuards` and `src`.
 */

/** What the link gave the screen. */
interface LinkContext {
  readonly token: string;
  readonly email: string;
}

export const accessLinkGuards = {
  hasLink: ({ context }: { readonly context: LinkContext }) => context.token !== "" && context.email !== "",
} as const;

/** `checkingLink` (whether the address has a token and an email) and `validating` (the server's check). */
export const linkCheckStates = <TContext, TInput, const TSrc extends string, const TDone>(check: {
  readonly src: TSrc;
  readonly input: (args: { readonly context: TContext }) => TInput;
  readonly onDone: TDone;
}) =>
  ({
    checkingLink: {
      always: [{ guard: "hasLink", target: "validating" }, { target: "badLink" }],
    },
    validating: {
      invoke: { src: check.src, input: check.input, onDone: check.onDone, onError: "badLink" },
    },
  }) as const;

/** Whether the screen is still checking its link. */
export const isCheckingLink = (s: { matches(state: "checkingLink" | "validating"): boolean }) => s.matches("checkingLink") || s.matches("validating");
