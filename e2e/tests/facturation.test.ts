import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { FACTURATION_PATHS, type FactureDetail, type FactureListAnswer } from 'shared/contract';
import { login, openPage } from '../support/browser';
import { DEMO_ADMIN } from '../support/product';
import { openDialog, settled, submitAction } from '../support/ui';
import { keptEmail, parisDay } from '../support/world';
import { productInBrowser } from '../support/suite';

const run = productInBrowser({ apiAs: DEMO_ADMIN });

/** Euros as the screens show them (shared's `formatMoney`): « 1 234,50 € ». */
const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const money = (cents: number) => euro.format(cents / 100);
const cents = (amount: string) => Math.round(Number(amount) * 100);
/** The screens' texts with their narrow and plain no-break spaces as spaces. */
const shown = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** A value of the card's header (antd Descriptions), by its label. */
const headerValue = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-item')
    .filter({ has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-descriptions-item-content')
    .first();

/** Waits until the header's value reads `expected` (the card re-reads itself after each write). */
async function waitForHeader(page: Page, label: string, expected: string): Promise<void> {
  const value = headerValue(page, label);
  try {
    await page.waitForFunction(
      ({ element, wanted }) => (element?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim() === wanted,
      { element: await value.elementHandle(), wanted: expected },
    );
  } catch (error) {
    throw new Error(`« ${label} » : « ${shown(await value.textContent())} » au lieu de « ${expected} »`, {
      cause: error,
    });
  }
}

/** The last complete month in Paris: the demo data leaves its nights uninvoiced but for three clients' drafts. */
function lastMonth(): { mois: string; debut: string; fin: string; label: string } {
  const [year, month] = parisDay(0).split('-').map(Number) as [number, number];
  const index = year * 12 + month - 2;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const mm = String(m).padStart(2, '0');
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { mois: `${y}-${mm}`, debut: `${y}-${mm}-01`, fin: `${y}-${mm}-${last}`, label: `${mm}/${y}` };
}

const draftsOf = (debut: string, fin: string) =>
  run.api.call<FactureListAnswer>(
    'GET',
    `${FACTURATION_PATHS.factures}?type=facture&statut=brouillon&periodeDebut=${debut}&periodeFin=${fin}&pageSize=100`,
  );

describe('client invoicing', () => {
  test('prepare last month, issue a draft, see its PDF, send it, pay it in two steps, credit one night; the card at 375 px', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const { debut, fin, label } = lastMonth();
    const year = parisDay(0).slice(0, 4);
    const before = new Set((await draftsOf(debut, fin)).data.map((row) => row.id));

    // 1. « Factures clients », last month's drafts; « Préparer les factures du mois » (last month by default).
    await page.goto(`/dashboard/Factures?statut=brouillon&periodeDebut=${debut}&periodeFin=${fin}`);
    await page.getByRole('heading', { name: 'Factures clients' }).waitFor();
    const dialog = await openDialog(
      page.getByRole('button', { name: 'Préparer les factures du mois' }),
      page.getByRole('dialog', { name: 'Préparer les factures du mois' }),
    );
    assert.equal(await dialog.getByLabel('Mois').inputValue(), label);
    await dialog.getByRole('button', { name: 'Préparer', exact: true }).click();
    const progress = dialog.getByRole('status');
    await progress
      .getByText(new RegExp(`^Préparation des factures de ${label} \\(tâche n° \\d+\\)$`))
      .waitFor();
    const bar = progress.getByRole('progressbar', { name: 'Progression de la préparation' });
    await bar.waitFor();
    const done = progress.locator('.ant-alert-success');
    await done.waitFor({ timeout: 60_000 });
    const prepared = /^(\d+) brouillon\(s\) de facture préparé\(s\)\.$/.exec(shown(await done.textContent()));
    assert.ok(prepared, `the task's end message: ${await done.textContent()}`);
    const count = Number(prepared[1]);
    assert.ok(count > 0, 'the demo data leaves last month’s nights of some clients to invoice');
    assert.equal(await bar.getAttribute('aria-valuenow'), '100');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The list shows the new drafts with the demo's own.
    const drafts = (await draftsOf(debut, fin)).data;
    const created = drafts.filter((row) => !before.has(row.id));
    assert.equal(created.length, count);
    assert.equal(drafts.length, before.size + count);
    await page.getByText(`${drafts.length} facture${drafts.length > 1 ? 's' : ''}`).waitFor();
    const draft = created[0]!;
    const row = page.locator('.ant-table-row').filter({ hasText: draft.clientNom });
    await row.first().waitFor();

    // 2. The draft's card; « Émettre » behind its confirmation → FA-YYYY-NNNNNN.
    await row.first().click();
    await page.waitForURL(new RegExp(`/dashboard/Factures/${draft.id}$`));
    await waitForHeader(page, 'Numéro', 'Brouillon (numéroté à l’émission)');
    const issue = await openDialog(
      page.getByRole('button', { name: 'Émettre', exact: true }),
      page.getByRole('dialog', { name: 'Émettre la facture' }),
    );
    await issue.getByText(/reçoit son numéro définitif/).waitFor();
    await submitAction(issue, 'Émettre', 60_000);
    const numberPattern = new RegExp(`^FA-${year}-\\d{6}$`);
    await page.waitForFunction(
      ({ element, source }) => new RegExp(source).test((element?.textContent ?? '').trim()),
      { element: await headerValue(page, 'Numéro').elementHandle(), source: numberPattern.source },
    );
    const numero = shown(await headerValue(page, 'Numéro').textContent());
    await waitForHeader(page, 'État', 'Émise');
    const invoice = await run.api.call<FactureDetail>('GET', `${FACTURATION_PATHS.factures}/${draft.id}`);
    assert.equal(invoice.numero, numero);
    const ttc = cents(invoice.totalTtc);
    assert.ok(ttc >= 2, 'the invoice has something to pay in two steps');

    // 3. « Voir le PDF »: the Factur-X file in a dialog over the card.
    const pdfAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api${FACTURATION_PATHS.factures}/${draft.id}/pdf`,
    );
    const preview = await openDialog(
      page.getByRole('button', { name: 'Voir le PDF' }),
      page.getByRole('dialog', { name: `${numero} — PDF` }),
    );
    const pdf = await pdfAnswer;
    assert.equal(pdf.status(), 200);
    assert.match(pdf.headers()['content-type'] ?? '', /^application\/pdf/);
    assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-');
    await preview.locator(`iframe[title="Facture ${numero}"]`).waitFor();
    await preview.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();
    await preview.waitFor({ state: 'hidden' });

    // 4. « Envoyer par e-mail »: kept in the local outbox (no SMTP server), the invoice « Envoyée ».
    const send = await openDialog(
      page.getByRole('button', { name: 'Envoyer par e-mail' }),
      page.getByRole('dialog', { name: 'Envoyer la facture' }),
    );
    await send.getByText(`Le PDF de ${numero} sera envoyé par e-mail à`).waitFor();
    await submitAction(send, 'Envoyer', 60_000);
    const toast = page.locator('.ant-notification-notice', { hasText: "conservé dans la boîte d'envoi" });
    await toast.filter({ hasText: numero }).first().waitFor();
    await waitForHeader(page, 'État', 'Envoyée');
    const kept = await keptEmail(run.api, (courriel) => courriel.objet.includes(numero));
    assert.ok(kept, 'the invoice’s e-mail is in the outbox');
    assert.equal(kept.statut, 'non_transmis');
    assert.deepEqual(
      kept.pieces_jointes.map((piece) => piece.nom),
      [`${numero}.pdf`],
    );

    // 5. A partial payment, then the rest (the dialog offers what is left).
    const part = Math.floor(ttc / 2);
    const pay = (amount?: number) =>
      openDialog(
        page.getByRole('button', { name: 'Enregistrer un paiement' }),
        page.getByRole('dialog', { name: `Enregistrer un paiement — ${numero}` }),
      ).then(async (payment) => {
        const field = payment.getByLabel('Montant (€)');
        if (amount !== undefined) await field.fill((amount / 100).toFixed(2).replace('.', ','));
        else assert.equal(await field.inputValue(), ((ttc - part) / 100).toFixed(2).replace('.', ','));
        await payment.getByLabel('Référence (facultative)').fill(`VIR-E2E-${amount ?? 'solde'}`);
        await submitAction(payment, 'Enregistrer le paiement', 30_000);
      });
    await pay(part);
    await waitForHeader(page, 'État', 'Partiellement payée');
    await waitForHeader(page, 'Payé', shown(money(part)));
    await waitForHeader(page, 'Reste à payer', shown(money(ttc - part)));
    await pay();
    await waitForHeader(page, 'État', 'Payée');
    await waitForHeader(page, 'Reste à payer', shown(money(0)));
    await page.getByRole('button', { name: 'Enregistrer un paiement' }).waitFor({ state: 'detached' });

    // 6. A credit note for one night, with its reason: AV-YYYY-NNNNNN, and the invoice's credited amount.
    const avoir = await openDialog(
      page.getByRole('button', { name: 'Établir un avoir' }),
      page.getByRole('dialog', { name: `Établir un avoir sur ${numero}` }),
    );
    await avoir.getByRole('radio', { name: 'Des nuitées' }).check();
    const night = avoir.getByRole('checkbox', { name: /^Créditer la nuitée du / }).first();
    await night.check();
    await avoir.getByLabel('Motif').fill('Nuit non effectuée : départ anticipé');
    await avoir.getByRole('button', { name: 'Continuer' }).click();
    await avoir.getByText(/Un avoir sera émis pour 1 nuitée\(s\) de la facture/).waitFor();
    await submitAction(avoir, 'Émettre l’avoir', 60_000);
    await page.waitForURL((url) => !url.pathname.endsWith(`/Factures/${draft.id}`));
    const avoirPattern = new RegExp(`^AV-${year}-\\d{6}$`);
    await page.waitForFunction(
      ({ element, source }) => new RegExp(source).test((element?.textContent ?? '').trim()),
      { element: await headerValue(page, 'Numéro').elementHandle(), source: avoirPattern.source },
    );
    await waitForHeader(page, 'Motif', 'Nuit non effectuée : départ anticipé');
    const avoirTtc = shown(await headerValue(page, 'Total TTC').textContent());
    await headerValue(page, 'Facture d’origine').getByRole('link', { name: numero }).click();
    await page.waitForURL(new RegExp(`/dashboard/Factures/${draft.id}$`));
    await waitForHeader(page, 'Crédité', avoirTtc);
    assert.notEqual(avoirTtc, shown(money(0)));

    // 7. The card's history, from the audit trail, names the administrator for the issue and each payment.
    const admin = `(${DEMO_ADMIN.name})`;
    const history = page.getByTestId('historique-entry');
    await history.filter({ hasText: 'Avoir émis' }).waitFor();
    // « 07/12/2026 14:03 — Émission FA-… (Camille Martin) »: what and who, the instant aside.
    const entries = (await history.allTextContents()).map((text) => shown(text).replace(/^\S+ \S+ — /, ''));
    const of = (label: string) => entries.filter((text) => text.startsWith(`${label} `));
    assert.deepEqual(of('Émission'), [`Émission ${numero} ${admin}`], entries.join('\n'));
    assert.deepEqual(
      of('Paiement enregistré'),
      [
        `Paiement enregistré de ${shown(money(part))} (Virement, VIR-E2E-${part}) ${admin}`,
        `Paiement enregistré de ${shown(money(ttc - part))} (Virement, VIR-E2E-solde) ${admin}`,
      ],
      entries.join('\n'),
    );
    assert.equal(of('Avoir émis').length, 1, entries.join('\n'));
    assert.ok(of('Avoir émis')[0]?.endsWith(admin));
    assert.deepEqual(errors, []);
    await context.close();

    // At 375 px: the card does not scroll sideways, its actions are in reach.
    const narrow = await openPage(run.browser, run.product.baseUrl, { width: 375, height: 800 });
    await login(narrow.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await narrow.page.goto(`/dashboard/Factures/${draft.id}`);
    await waitForHeader(narrow.page, 'Numéro', numero);
    await narrow.page.getByRole('heading', { name: 'Historique' }).waitFor();
    const { scrollWidth, clientWidth } = await narrow.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    assert.ok(scrollWidth <= clientWidth, `no sideways scroll at 375 px (${scrollWidth} > ${clientWidth})`);
    for (const name of ['Voir le PDF', 'Télécharger le XML', 'Envoyer par e-mail', 'Établir un avoir']) {
      const button = narrow.page.getByRole('group', { name: 'Actions' }).getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `« ${name} » in reach at 375 px`);
    }
    const opened = await openDialog(
      narrow.page.getByRole('button', { name: 'Voir le PDF' }),
      narrow.page.getByRole('dialog', { name: `${numero} — PDF` }),
    );
    await settled(opened);
    await opened.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();
    await opened.waitFor({ state: 'hidden' });
    assert.deepEqual(narrow.errors, []);
    await narrow.context.close();
  });

  test('at 1366 px the invoices’ list fits its card: no sideways scroll, a client’s name on a few lines', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/dashboard/Factures');
    const table = page.locator('.ant-table');
    await table.getByRole('row').nth(5).waitFor();
    const widths = await table.evaluate((element) => {
      const wrapper = element.closest('.ant-table-wrapper')!.parentElement!;
      return { scroll: wrapper.scrollWidth, client: wrapper.clientWidth };
    });
    assert.ok(
      widths.scroll <= widths.client,
      `the list scrolls sideways (${widths.scroll} > ${widths.client})`,
    );
    // The demo's longest client names (« Direction départementale de l’emploi, du travail et des solidarités 34 »)
    // take four lines today, five at most when another month's amounts are a digit wider: one word a line was the
    // symptom.
    const lines = await table
      .locator('tbody tr td:nth-child(3) > span')
      .evaluateAll((names) =>
        Math.max(
          ...names.map((name) =>
            Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)),
          ),
        ),
      );
    assert.ok(lines <= 5, `a client's name runs to ${lines} lines`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
