import type { Page } from "./fixtures";

/**
 * Content Security Policy violations a page reports, for the tests that walk screens: every
 * `securitypolicyviolation` of every document the page opens, and the CSP reports on its console.
 */
export interface Violation {
  readonly page: string;
  readonly directive: string;
  readonly blocked: string;
  readonly source: string;
  readonly sample: string;
}

/** Starts recording on `page` (before its first load); answers a function that takes the violations recorded since its last call. */
export const recordViolations = async (page: Page): Promise<() => Violation[]> => {
  const reports: Violation[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      reports.push({ page: page.url(), directive: "(console)", blocked: "", source: message.location().url, sample: message.text() });
  });
  await page.exposeFunction("reportCspViolation", (violation: Violation) => {
    reports.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation: (v: unknown) => void }).reportCspViolation({
        page: location.pathname,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        sample: e.sample,
      });
    });
  });
  return () => reports.splice(0);
};
