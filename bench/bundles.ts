// Prints the gzip-compressed JavaScript bytes the browser fetches for the login page, the dashboard, and each
// remote's first visit, on the production build served as deployed (see e2e/support/product.ts).
// Usage: pnpm build && pnpm bench:bundles
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, login, navigateInApp, openPage } from 'e2e/support/browser';
import { DEMO_ADMIN, startProduct } from 'e2e/support/product';
import { ROUTES } from 'shared/routes';

interface Tally {
  files: number;
  raw: number;
  gzip: number;
}

/** Records every JavaScript response the page receives from now on. */
function recordScripts(page: Page): { take: () => Promise<Tally> } {
  let pending: Promise<{ raw: number; gzip: number }>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
    pending.push(
      response.body().then((body) => ({ raw: body.length, gzip: gzipSync(body, { level: 6 }).length })),
    );
  });
  return {
    take: async () => {
      const sizes = await Promise.all(pending);
      pending = [];
      return sizes.reduce<Tally>(
        (t, s) => ({ files: t.files + 1, raw: t.raw + s.raw, gzip: t.gzip + s.gzip }),
        {
          files: 0,
          raw: 0,
          gzip: 0,
        },
      );
    },
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const product = await startProduct();
const browser = await launchBrowser();
const rows: [string, Tally][] = [];
try {
  const { page } = await openPage(browser, product.baseUrl);
  const scripts = recordScripts(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  await page.waitForLoadState('networkidle');
  rows.push(['Page de connexion (visite à froid)', await scripts.take()]);

  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, { fromCurrentPage: true });
  await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
  await page.waitForLoadState('networkidle');
  rows.push(['Tableau de bord (en plus, après connexion)', await scripts.take()]);

  const seen = new Set<string>();
  for (const route of ROUTES) {
    if (seen.has(route.remote) || route.path.includes(':')) continue;
    seen.add(route.remote);
    await navigateInApp(page, `/dashboard/${route.path}`);
    await page.locator(`section[data-route-id="${route.id}"]`).waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    rows.push([`Première visite de ${route.remote} (/dashboard/${route.path})`, await scripts.take()]);
  }

  const cold = await openPage(browser, product.baseUrl);
  const coldScripts = recordScripts(cold.page);
  await login(cold.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await cold.page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
  await cold.page.waitForLoadState('networkidle');
  rows.push(['Connexion + tableau de bord (total, cache vide)', await coldScripts.take()]);
} finally {
  await browser.close();
  await product.stop();
}

console.info('| Étape | Fichiers JS | JS brut | JS gzip |');
console.info('|---|---:|---:|---:|');
for (const [label, t] of rows) console.info(`| ${label} | ${t.files} | ${kB(t.raw)} | ${kB(t.gzip)} |`);
