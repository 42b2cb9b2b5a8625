import { z } from "zod";

/**
 * zod, as every form rule of the app uses it: jitless, so that it never compiles a parser
 * with `new Function` nor probes whether it may (`new Function("")` inside a try). Under
 * the app's Content Security Policy (`script-src 'self'`, no 'unsafe-eval') that probe is
 * blocked and reported as a violation on every screen that checks a form; the parsers
 * zod interprets instead are as fast as form rules need. The setting is made here, before
 * any schema is built, so form rules import `z` from this module, never from "zod".
 */
z.config({ jitless: true });

export { z };
