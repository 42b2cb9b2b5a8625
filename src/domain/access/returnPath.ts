/**
 * Where a person goes back to after signing in: the page they asked for while signed out.
 *
 * Only a path on this origin is accepted: one '/' followed by anything but '/' or '\'
 * (a browser reads '//host' and '/\host' as another host), no control characters or
 * backslashes (browsers drop tabs and newlines and read '\' as '/'), and not a signed-out
 * page itself (signing in there would loop). Anything else, an absolute URL or a
 * `javascript:` one included, gives null: the default page.
 */
export const returnPathOf = (raw: string | null | undefined, isSignedOutPage: (pathname: string) => boolean): string | null => {
  if (raw == null || raw.length === 0 || raw.length > 4000) return null;
  if (raw[0] !== "/" || raw[1] === "/" || /[\\\u0000-\u001f\u007f\s]/.test(raw)) return null;
  const base = "http://return.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base || isSignedOutPage(url.pathname)) return null;
  return raw;
};

/** The query parameter of the sign-in page that carries the requested page. */
export const returnParam = "next";
