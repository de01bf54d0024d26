// Prints the JavaScript and CSS the browser downloads for the login page, the dashboard and each remote's first
// visit, compressed as the server sends them (brotli 11, scripts/compress-dist.mjs), on the production build
// served as deployed (see e2e/support/product.ts). The same figures are a budget in e2e/tests/first-load.test.ts;
// this prints them per step and, with --files, per file.
// Usage: pnpm build && pnpm bench:bundles [-- --files]
import { launchBrowser, login, navigateInApp, openPage } from 'e2e/support/browser';
import { DEMO_ADMIN, startProduct } from 'e2e/support/product';
import { kB, recordTransfers, sumBrotli, transferTable, type Transfer } from 'e2e/support/transfer';
import { PRODUCT_ROUTES as ROUTES } from 'e2e/support/product-routes';

const showFiles = process.argv.includes('--files');
const product = await startProduct();
const browser = await launchBrowser();
const rows: [string, Transfer[]][] = [];
try {
  const { page } = await openPage(browser, product.baseUrl);
  const transfers = recordTransfers(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  await page.waitForLoadState('networkidle');
  rows.push(['Page de connexion (visite à froid)', await transfers.take()]);

  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, { fromCurrentPage: true });
  await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
  await page.waitForLoadState('networkidle');
  rows.push(['Tableau de bord (en plus, après connexion)', await transfers.take()]);

  const seen = new Set<string>();
  for (const route of ROUTES) {
    if (seen.has(route.remote) || route.path.includes(':')) continue;
    seen.add(route.remote);
    await navigateInApp(page, `/dashboard/${route.path}`);
    await page.locator(`section[data-route-id="${route.id}"]`).waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const visit = await transfers.take();
    const origin = product.remotes[route.remote].url;
    rows.push([
      `${route.remote} : ses fichiers (/dashboard/${route.path})`,
      visit.filter((t) => t.origin === origin),
    ]);
    rows.push([`${route.remote} : modules partagés de l'hôte`, visit.filter((t) => t.origin !== origin)]);
  }
} finally {
  await browser.close();
  await product.stop();
}

const gzip = (transfers: Transfer[]) => transfers.reduce((total, t) => total + t.gzip, 0);
console.info('| Étape | Fichiers | Brut | gzip | brotli |');
console.info('|---|---:|---:|---:|---:|');
for (const [label, transfers] of rows) {
  const raw = transfers.reduce((total, t) => total + t.raw, 0);
  console.info(
    `| ${label} | ${transfers.length} | ${kB(raw)} | ${kB(gzip(transfers))} | ${kB(sumBrotli(transfers))} |`,
  );
}
if (showFiles) for (const [label, transfers] of rows) console.info(`\n${transferTable(label, transfers)}`);
