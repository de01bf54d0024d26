import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../api/test/smtp-sink';
import { launchBrowser, login, openPage } from '../support/browser';
import { DEMO_ADMIN, DEMO_AGENT, startProduct, type Product } from '../support/product';
import { ApiSession } from '../support/world';

let smtp: SmtpSink;
let product: Product;
let browser: Browser;

before(async () => {
  // The reset link leaves by e-mail: the product sends it to this SMTP server.
  smtp = await startSmtpSink();
  product = await startProduct({ env: { SMTP_URL: smtp.url } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

/** The text of the first e-mail received for `address`, waited for (the API sends it after its answer). */
async function mailTo(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((received) =>
      [received.to ?? []].flat().some((to) => to.value.some((a) => a.address === address)),
    );
    if (mail) return mail.text ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`aucun e-mail reçu pour ${address}`);
}

describe('sessions', () => {
  test('logging out in one browser leaves the same account signed in in another', async () => {
    const first = await openPage(browser, product.baseUrl);
    const second = await openPage(browser, product.baseUrl);
    await login(first.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await login(second.page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    await first.page.getByRole('button', { name: 'Se déconnecter' }).click();
    await first.page.waitForURL((url) => url.pathname === '/');

    // A full reload re-checks the session with the API (GET /auth/me): still valid in the second browser.
    await second.page.reload();
    await second.page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await second.page.getByRole('button', { name: 'Mon compte' }).click();
    await second.page.getByText(DEMO_ADMIN.email).waitFor();
    assert.equal(new URL(second.page.url()).pathname, '/dashboard/mon-compte');
    assert.deepEqual(second.errors, []);
    await first.context.close();
    await second.context.close();
  });
});

describe('« Mon compte »', () => {
  test('the agent changes their password, logs out and logs in with the new one', async () => {
    const newPassword = 'Nouveau-mot-de-passe-agent';
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await page.getByRole('button', { name: 'Mon compte' }).click();
    await page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await page.getByText(DEMO_AGENT.email).waitFor();

    await page.getByLabel('Mot de passe actuel').fill(DEMO_AGENT.password);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmation du nouveau mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page
      .locator('.ant-notification')
      .getByText('Votre mot de passe a été modifié. Vos autres sessions ont été fermées.')
      .waitFor();
    // The session goes on with its new token: the next call is accepted.
    await page.reload();
    await page.getByText(DEMO_AGENT.email).waitFor();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Adresse e-mail').fill(DEMO_AGENT.email);
    await page.getByLabel('Mot de passe').fill(DEMO_AGENT.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page
      .getByRole('main')
      .getByRole('alert')
      .getByText('Adresse e-mail ou mot de passe incorrect.')
      .waitFor();
    await login(page, DEMO_AGENT.email, newPassword, { fromCurrentPage: true });
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    assert.deepEqual(
      errors.filter((error) => !error.includes('401')),
      [],
    );
    await context.close();
  });
});

describe('« Mot de passe oublié »', () => {
  test('the e-mailed link sets a new password, ends the open sessions, and the login works with it', async () => {
    const newPassword = 'Mot-de-passe-retrouve-admin';
    const elsewhere = await ApiSession.login(product.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await page.goto('/');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    // The login form stays on screen while the page's chunk loads (a router transition): wait for the new form.
    const send = page.getByRole('button', { name: 'Envoyer le lien' });
    await send.waitFor();
    await page.getByLabel('Adresse e-mail').fill(DEMO_ADMIN.email);
    await send.click();
    await page.getByText('Demande envoyée').waitFor();

    const link = /https?:\/\/\S+\/reinitialiser-mot-de-passe#token=[\w-]{43}/.exec(
      await mailTo(DEMO_ADMIN.email),
    )?.[0];
    assert.ok(link, "pas de lien dans l'e-mail");
    assert.equal(new URL(link).origin, product.baseUrl);
    await page.goto(link);
    // The token leaves the address bar at once.
    await page.waitForURL((url) => url.pathname === '/reinitialiser-mot-de-passe' && url.hash === '');
    await page.getByLabel('Nouveau mot de passe').fill(newPassword);
    await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié').waitFor();

    await assert.rejects(elsewhere.call('GET', '/auth/me'), /401/);
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await login(page, DEMO_ADMIN.email, newPassword, { fromCurrentPage: true });
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByLabel('Nouveau mot de passe').fill('Encore-un-autre-mot-de-passe');
    await page.getByLabel('Confirmation du mot de passe').fill('Encore-un-autre-mot-de-passe');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page
      .getByRole('main')
      .getByRole('alert')
      .getByText("Ce lien de réinitialisation n'est pas valable ou a expiré. Demandez-en un nouveau.")
      .waitFor();
    assert.deepEqual(
      errors.filter((error) => !error.includes('400')),
      [],
    );
    await context.close();
  });
});
