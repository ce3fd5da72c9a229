/**
 * Screenshots for a person to look at (the flows in Hindi and English, phone and desktop): taken
 * only when E2E_SHOTS is set (`E2E_SHOTS=1 npx playwright test ...`), since no test reads them
 * and each costs the browser a full paint and a PNG encode. A failing test still gets its own
 * screenshot (playwright.config.ts `screenshot: 'only-on-failure'`).
 */
import type { Locator, Page, TestInfo } from '@playwright/test';

type Options = NonNullable<Parameters<Page['screenshot']>[0]>;

/** Takes the screenshot when asked for, and then attaches it to the test's report if named. */
export async function lookShot(
  target: Page | Locator,
  options: Options,
  attach?: { info: TestInfo; name: string },
): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await (target as Page).screenshot(options);
  if (attach && options.path) {
    await attach.info.attach(attach.name, { path: options.path, contentType: 'image/png' });
  }
}
