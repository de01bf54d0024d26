import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserClockScript } from './clock';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (ARCHITECTURE.md). Playwright gives
 * every launch a fresh temporary profile (the --user-data-dir of the probe).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (empty storage) whose page records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1366, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // The staff work in France: the browser's clock reads Paris time, as the API's "today" does, whatever the
  // machine's zone (CI runs in UTC: between 22:00/23:00 UTC and midnight the two days differ).
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const clock = browserClockScript();
  if (clock !== undefined) await context.addInitScript(clock);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  if (process.env.HTTP_DEBUG) {
    page.on('response', async (response) => {
      if (response.status() >= 400)
        console.info('HTTP', response.status(), response.url(), await response.text().catch(() => ''));
    });
  }
  return { context, page, errors };
}

/** Logs in through the form; `fromCurrentPage` skips loading '/' first (the page already shows the form). */
export async function login(
  page: Page,
  email: string,
  password: string,
  { fromCurrentPage = false }: { fromCurrentPage?: boolean } = {},
): Promise<void> {
  if (!fromCurrentPage) await page.goto('/');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard');
}

/** Client-side navigation (the router listens to popstate): no full reload between remote pages. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
