/**
 * Reports every Content-Security-Policy violation of a browser context (all its pages and popups), so a spec fails
 * when the app does something its policy forbids instead of silently losing a script, a style or a connection.
 */
import type { BrowserContext, BrowserContextOptions } from "playwright-core";

const BINDING = "__moaCspViolation";

/** Chromium's console line for a refused load or execution. */
export const isCspConsoleLine = (text: string) =>
  text.includes("Content Security Policy");

/**
 * Collects the context's violations: the page's `securitypolicyviolation` events (which name the directive and the
 * source) and, for anything refused before the listener exists, Chromium's console lines about the policy.
 * @param context the context, before its first page opens.
 * @param violations receives one line per violation.
 */
export async function reportCspViolations(
  context: BrowserContext,
  violations: string[],
): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript((binding: string) => {
    addEventListener(
      "securitypolicyviolation",
      (e) => {
        const report = (
          window as unknown as Record<string, (t: string) => void>
        )[binding];
        report?.(
          `${e.effectiveDirective} refused ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
        );
      },
      true,
    );
  }, BINDING);
  context.on("console", (msg) => {
    if (isCspConsoleLine(msg.text()))
      violations.push(`${msg.page()?.url() ?? ""}: ${msg.text()}`);
  });
}

/**
 * A fresh context, Korean unless `options` say otherwise, whose violations are reported. Its user asks for reduced
 * motion, so dialogs appear without zooming: on a loaded machine a click aimed at a zooming dialog's button could land
 * beside it.
 * @param browser the spec file's browser (anything with newContext).
 * @param violations receives one line per violation.
 * @param options further context options (locale, viewport).
 */
export async function newReportingContext(
  browser: {
    newContext(opts: BrowserContextOptions): Promise<BrowserContext>;
  },
  violations: string[],
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: "ko-KR",
    reducedMotion: "reduce",
    ...options,
  });
  await reportCspViolations(context, violations);
  return context;
}
