import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PRODUCT_ROUTES as ROUTES } from '../support/product-routes';
import { login, navigateInApp, openPage } from '../support/browser';
import { DEMO_ADMIN, DEMO_AGENT } from '../support/product';
import { productInBrowser } from '../support/suite';

/** A route's URL with a sample id for its params (the demo data has record 7 in every table, requests included). */
// A record that exists in the demo data: 7 for every detail route, but the demo enters only two hotel invoices
// (docs/invoicing.md « Demo data »).
const SAMPLE_IDS: Record<string, string> = { 'FacturesEtablissements/:id': '1' };
const sampleId = (path: string) => SAMPLE_IDS[path] ?? '7';
const sampleUrl = (path: string) => `/dashboard/${path.replace(/:\w+/g, sampleId(path))}`;

const run = productInBrowser();

describe('authentification', () => {
  test('the demo administrator logs in and reaches the dashboard', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await page.getByText(DEMO_ADMIN.name).waitFor();
    assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'token stored');
    await page.getByText('EBAS3 ©2023').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a wrong password is refused with a French message', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await page.goto('/');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email);
    await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // Inline on the form, and as the client's error toast (spec §8).
    await page
      .getByRole('main')
      .getByRole('alert')
      .getByText('Adresse e-mail ou mot de passe incorrect.')
      .waitFor();
    await page
      .locator('.ant-notification-bottomLeft')
      .getByText('Adresse e-mail ou mot de passe incorrect.')
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await context.close();
  });

  test('a new sign-up waits for activation: its login is refused', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await page.goto('/signup');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom', { exact: true }).fill('Dubois');
    await page.getByLabel('Adresse e-mail').fill('lea.dubois@ebas3.fr');
    await page.getByLabel('Mot de passe', { exact: true }).fill('UnMotDePasse!42');
    await page.getByLabel('Confirmation du mot de passe').fill('UnMotDePasse!42');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Compte créé', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await page.getByLabel('Adresse e-mail').fill('lea.dubois@ebas3.fr');
    await page.getByLabel('Mot de passe').fill('UnMotDePasse!42');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page
      .getByRole('main')
      .getByRole('alert')
      .getByText(/pas encore activé/)
      .waitFor();
    await context.close();
  });

  test('logout clears local storage and returns to the login page', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.evaluate(() => localStorage.setItem('autre', 'x'));
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    // The session preload's early `GET /auth/me` may send the page back to '/' before its load event: only the
    // navigation's start is awaited.
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  test('a corrupted stored token is cleared and sends back to /', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'abc.%%%pas-du-base64.def');
      localStorage.setItem('autre', 'x');
    });
    await page.goto('/dashboard/reservations');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    await context.close();
  });

  test('an API 401 clears storage and returns to /', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // A token that still decodes in the browser but whose signature the API rejects.
    await page.evaluate(() => {
      const token = localStorage.getItem('token') ?? '';
      localStorage.setItem('token', `${token.split('.').slice(0, 2).join('.')}.signature-falsifiee`);
    });
    // The session preload's early `GET /auth/me` may send the page back to '/' before its load event: only the
    // navigation's start is awaited.
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.waitForURL((url) => url.pathname === '/');
    // The session check starts with the page's scripts, so the 401's return to '/' may still be loading here.
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    await context.close();
  });
});

describe('shell and remotes', () => {
  test('every spec route under /dashboard renders its remote page without console errors', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const route of ROUTES) {
      await navigateInApp(page, sampleUrl(route.path));
      const heading = page.locator(`#page-title-${route.id}`);
      await heading.waitFor({ timeout: 15_000 });
      assert.equal(await heading.textContent(), route.title, `title of ${route.path}`);
      // The remote reads the host's auth store (one `shared` singleton): a scaffold shows who is logged in; real
      // pages show write actions to administrators only (tests/referentiel.test.ts checks both roles).
      const sessionUser = page.locator(`section[data-route-id="${route.id}"] [data-testid="session-user"]`);
      if ((await sessionUser.count()) > 0) assert.equal(await sessionUser.textContent(), DEMO_ADMIN.name);
      if (route.path.includes(':id'))
        await page
          .locator(`section[data-route-id="${route.id}"]`)
          .getByText(sampleId(route.path))
          .first()
          .waitFor();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the menu and shortcuts lead to their pages', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole('menuitem', { name: 'Statistiques' }).click();
    await page.getByRole('link', { name: 'Par mois' }).click();
    await page.waitForURL('**/dashboard/StatsPerMonth');
    await page.getByRole('button', { name: 'Demandes' }).hover();
    await page.getByText("Confirmation d'annulation").click();
    await page.waitForURL('**/dashboard/Demande-Hebergement?action=annulation');
    await page.getByRole('button', { name: 'Réservation' }).click();
    await page.waitForURL('**/dashboard/reservations?mode=ajout');
    await page.locator('section[data-route-id="reservations"]').waitFor();
    await context.close();
  });

  test('with one remote server stopped, its route shows the fallback and the others still work', async () => {
    const stats = run.product.remotes.mf_stats;
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await stats.stop();
    try {
      await navigateInApp(page, '/dashboard/StatsPerPax');
      await page.getByText(/Le module « .+ » n'a pas pu être chargé/).waitFor({ timeout: 15_000 });
      const retry = page.getByRole('button', { name: 'Réessayer' });
      await retry.waitFor();

      await navigateInApp(page, '/dashboard/reservations');
      await page.locator('section[data-route-id="reservations"]').waitFor({ timeout: 15_000 });
      await navigateInApp(page, '/dashboard/client');
      await page.locator('section[data-route-id="client"]').waitFor({ timeout: 15_000 });

      // The feature team brings its server back: "Réessayer" reloads the page, which loads it.
      await navigateInApp(page, '/dashboard/StatsPerPax');
      await retry.waitFor();
      await stats.start();
      await retry.click();
      await page.locator('section[data-route-id="stats-per-pax"]').waitFor({ timeout: 15_000 });
    } finally {
      await stats.start().catch(() => undefined);
    }
    await context.close();
  });

  test('a staff user does not see the Etablissement group; an administrator does', async () => {
    const staff = await openPage(run.browser, run.product.baseUrl);
    await login(staff.page, DEMO_AGENT.email, DEMO_AGENT.password);
    await staff.page.getByRole('menuitem', { name: 'Client' }).waitFor();
    assert.equal(await staff.page.getByRole('menuitem', { name: 'Etablissement' }).count(), 0);
    await staff.context.close();

    const admin = await openPage(run.browser, run.product.baseUrl);
    await login(admin.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.page.getByRole('menuitem', { name: 'Etablissement' }).waitFor();
    await admin.context.close();
  });

  test('under 768 px the top bar is a compact horizontally scrollable strip', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl, { width: 375, height: 740 });
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const toolbar = page.getByRole('toolbar', { name: 'Raccourcis' });
    await toolbar.waitFor();
    const { overflowX, scrollable } = await toolbar.evaluate((el) => ({
      overflowX: getComputedStyle(el).overflowX,
      scrollable: el.scrollWidth > el.clientWidth,
    }));
    assert.equal(overflowX, 'auto');
    assert.ok(scrollable, 'the shortcuts overflow and scroll');
    const siderWidth = await page
      .locator('.ant-layout-sider')
      .evaluate((el) => el.getBoundingClientRect().width);
    assert.equal(siderWidth, 50, 'the side menu folds to its 50 px rail');
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    await context.close();
  });

  test('at 1366 px the shortcuts hold on one line beside the bell', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl, { width: 1366, height: 800 });
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    const toolbar = page.getByRole('toolbar', { name: 'Raccourcis' });
    const last = toolbar.getByRole('button').last();
    await last.waitFor();
    assert.match((await last.textContent()) ?? '', /^Demande$/);
    // Measured once the parts the shell adds after the first screen are there (« Tâches », the socket's dot).
    await page.getByRole('button', { name: 'Tâches' }).waitFor();
    await page.getByTestId('realtime-state').waitFor();
    const first = await toolbar.getByRole('button').first().boundingBox();
    const lastBox = await last.boundingBox();
    const bell = await page.getByTestId('top-bar-session').boundingBox();
    assert.ok(first && lastBox && bell);
    assert.equal(Math.round(lastBox.y), Math.round(first.y), '« + Demande » on the first line');
    assert.ok(lastBox.x + lastBox.width <= bell.x, '« + Demande » ends before the bell');
    await context.close();
  });

  test('at 375 px a page title keeps whole words and a stay card stays inside the screen', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl, { width: 375, height: 740 });
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await navigateInApp(page, '/dashboard/reservations');
    const title = page.locator('#page-title-reservations');
    await title.waitFor();
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const titleBox = await title.boundingBox();
    assert.ok(titleBox && titleBox.height < lineHeight * 1.5, '« Réservations » on one line');
    // Loaded afresh on a page of a group, the folded menu opens no pop-up over the page.
    await page.reload();
    await title.waitFor();
    await page.locator('.ant-menu-submenu-selected').first().waitFor();
    await page.waitForTimeout(1000);
    assert.equal(
      await page.locator('.ant-menu-submenu-popup:visible').count(),
      0,
      'no menu pop-up over the page',
    );

    await navigateInApp(page, sampleUrl('fiche-resa/:id'));
    const card = page.locator('.ant-descriptions-view').first();
    await card.waitFor();
    const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 1, `the stay's card fits its frame (overflow ${overflow} px)`);
    const right = await card.evaluate((el) => el.getBoundingClientRect().right);
    assert.ok(right <= 375, `the stay's card ends inside the screen (${right} px)`);
    await context.close();
  });

  test('at 375 px no screen is wider than the phone: its tables and cards scroll or wrap inside it', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl, {
      width: 375,
      height: 740,
    });
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const tooWide: string[] = [];
    for (const route of ROUTES) {
      await navigateInApp(page, sampleUrl(route.path));
      await page.locator(`#page-title-${route.id}`).waitFor({ timeout: 15_000 });
      // Once its data is in: no spinner, no skeleton left.
      await page.waitForFunction(
        () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'),
        undefined,
        { timeout: 15_000 },
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) tooWide.push(`${route.path} (${width} px)`);
    }
    assert.deepEqual(tooWide, [], 'screens wider than 375 px');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('unknown paths show the not-found page; /view-pdf needs a token', async () => {
    const { page, context } = await openPage(run.browser, run.product.baseUrl);
    await page.goto('/nimporte-quoi');
    await page.getByText('Page introuvable').waitFor();
    await page.goto('/view-pdf?id=3');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
