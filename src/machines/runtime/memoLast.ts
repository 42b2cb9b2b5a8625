/**
 * One-slot memo for what a machine's selectors derive from its context (a searched,
 * sorted page of rows): the value is worked out again only when one of the arguments is
 * another value (compared with `===`) than on the last call.
 */
export const memoLast = <A extends ReadonlyArray<unknown>, R>(compute: (...args: A) => R): ((...args: A) => R) => {
  let last: { readonly args: A; readonly value: R } | null = null;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => a === args[i])) return last.value;
    const value = compute(...args);
    last = { args, value };
    return value;
  };
};
