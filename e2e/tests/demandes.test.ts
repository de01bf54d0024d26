/**
 * Issue 10 §5, in the browser: an agent treats a new-stay request from the top bar's « Traitement de la demande »
 * through the « Traiter » assistant, sees the dashboard counter go down, opens the confirmation at /view-pdf and
 * sends it — received, with its PDF, by a real SMTP server started here (the product runs with SMTP_URL); refuses
 * another with a reason; confirms a cancellation (its reason asked, what it does said first); treats an extension
 * (confirmed the same way). Each step checks what the screen says and
 * what the API holds. The requests, stays and dates are the test's own (relative to today, Europe/Paris).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  COMMUNICATION_PATHS,
  DEMANDES_PATHS,
  REFERENTIEL_PATHS,
  RESERVATIONS_PATHS,
  type DemandeCountAnswer,
  type DemandeCreateAnswer,
  type DemandeCreateBody,
  type DemandeDetail,
  type DemandeDetailAnswer,
  type HistoriquesAnswer,
  type ReservationItem,
  type ReservationListAnswer,
  type ResasPerDemandeAnswer,
} from 'shared/contract';
import { pdfTexts } from '../../api/test/pdf-text';
import { startSmtpSink, type SmtpSink } from '../../api/test/smtp-sink';
import { launchBrowser, login, openPage } from '../support/browser';
import { DEMO_ADMIN, DEMO_AGENT, startProduct, type Product } from '../support/product';
import { openDialog, searchColumn, submitAction } from '../support/ui';
import {
  ApiSession,
  bookThroughApi,
  createBookingWorld,
  frenchDate,
  parisDay,
  type BookingWorld,
} from '../support/world';

const REFERENTE = 'referente.e2e@example.fr';
const HOTEL_EMAIL = 'reception.e2e@example.fr';
/** The address an agent types for the test's hotel, which has none. */
const HOTEL_TYPED = 'reception.e2e@hotel-essai.fr';

let smtp: SmtpSink;
let product: Product;
let browser: Browser;
let api: ApiSession;
let world: BookingWorld;

before(async () => {
  smtp = await startSmtpSink();
  product = await startProduct({ env: { SMTP_URL: smtp.url } });
  browser = await launchBrowser();
  api = await ApiSession.login(product.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  world = await createBookingWorld(api, [
    { nom: 'Essai-Demande', prenom: 'Ana' },
    { nom: 'Essai-Demande', prenom: 'Léo' },
    { nom: 'Essai-Refus', prenom: 'Paul' },
    { nom: 'Essai-Annul', prenom: 'Inès' },
    { nom: 'Essai-Prolong', prenom: 'Marc' },
    { nom: 'Essai-Mobile', prenom: 'Zoé' },
    { nom: 'Essai-Mobile', prenom: 'Noé' },
    { nom: 'Essai-Étroit', prenom: 'Lou' },
  ]);
});

after(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

const resident = (prenom: string) => world.residents.find((r) => r.prenom === prenom)!;

/** A request typed in by staff (the API's own intake), for the world's client. */
async function createDemande(body: Omit<DemandeCreateBody, 'client_id'>): Promise<number> {
  const answer = await api.call<DemandeCreateAnswer>('POST', DEMANDES_PATHS.one, {
    client_id: world.client.id,
    referent_nom: 'Mme Garnier',
    referent_email: REFERENTE,
    ...body,
  });
  return answer.data.id;
}

const demandeOf = async (id: number): Promise<DemandeDetail> =>
  (await api.call<DemandeDetailAnswer>('GET', `${DEMANDES_PATHS.one}/${id}`)).data;

/** The stays of one full reservation as the reservations list gives them. */
async function staysOf(filters: Record<string, unknown>): Promise<ReservationItem[]> {
  const answer = await api.call<ReservationListAnswer>('POST', RESERVATIONS_PATHS.list, {
    page: 1,
    pageSize: 100,
    client_id: world.client.id,
    ...filters,
  });
  return answer.reservations;
}

/** One resident's stay booked (and confirmed) through the API: its id. */
async function bookedStay(prenom: string, from: string, to: string): Promise<number> {
  const parentId = await bookThroughApi(api, world, [resident(prenom).id], from, to);
  const [stay] = await staysOf({ id_reservation_mere: parentId });
  assert.ok(stay, `séjour de ${prenom} introuvable`);
  return stay.id;
}

/** The dashboard's « Demandes à traiter » figure, once loaded. */
async function counterShown(page: Page): Promise<number> {
  const value = page.locator('a[data-counter="total_demande_a_traiter"] [data-figure-value]');
  await page.waitForFunction(() =>
    /^\d/.test(
      document
        .querySelector('a[data-counter="total_demande_a_traiter"] [data-figure-value]')
        ?.textContent?.trim() ?? '',
    ),
  );
  return Number((await value.textContent())!.replace(/\D/g, ''));
}

/** The request's card, loaded. */
async function openFiche(page: Page, id: number): Promise<void> {
  await page.goto(`/dashboard/demande-hebergement/${id}`);
  await page.getByText(`n° ${id}`, { exact: false }).first().waitFor();
}

/** The request's state tag on its card (the top bar has buttons of the same names). */
const stateShown = (page: Page, label: string) =>
  page
    .locator('.ant-tag')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first()
    .waitFor();

describe('demandes', () => {
  test('an agent treats a request from the top bar, sees the counter go down, opens and sends the confirmation', async () => {
    const [ana, leo] = [resident('Ana'), resident('Léo')];
    const arrival = parisDay(3);
    const departure = parisDay(7);
    const demandeId = await createDemande({
      type: 'nouvelle',
      pensionnaire_ids: [ana.id, leo.id],
      date_debut: arrival,
      date_fin: departure,
      souhaits: {
        ville: 'Lyon',
        etablissement_id: world.hotel.id,
        type_chambre_id: world.roomType.id,
        petit_dejeuner: true,
      },
    });

    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    const before = await counterShown(page);
    const counted = await api.call<DemandeCountAnswer>('GET', DEMANDES_PATHS.count);
    assert.equal(before, counted.total_demande_a_traiter);

    // The top bar's Demandes shortcut, « Traitement de la demande »: the new-stay requests still open.
    await page.getByRole('button', { name: /^Demandes/ }).hover();
    await page.getByRole('menuitem', { name: 'Traitement de la demande' }).click();
    await page.waitForURL(/\/dashboard\/Demande-Hebergement\?action=traitement/);
    await searchColumn(page, 'Client', world.client.nom);
    await page.getByRole('cell', { name: /Ana Essai-Demande/ }).click();
    await page.waitForURL(new RegExp(`/dashboard/demande-hebergement/${demandeId}$`));
    await stateShown(page, 'À traiter');

    // « Traiter »: the assistant comes prefilled from the wishes (hotel, room type); the agent books.
    const dialog = await openDialog(
      page.getByRole('button', { name: 'Traiter', exact: true }),
      page.getByRole('dialog', { name: `Traitement de la demande n° ${demandeId}` }),
    );
    await dialog.getByText(`contrat ${world.contratEtablissement.reference}`).waitFor();
    await dialog.getByText(/Total HT :/).waitFor();
    const reserve = dialog.getByRole('button', { name: 'Réserver' });
    // Playwright's click waits for the button to be enabled (the plan complete, the room types loaded).
    await reserve.click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await stateShown(page, 'Traitée');

    const treated = await demandeOf(demandeId);
    assert.equal(treated.statut, 'traitee');
    assert.deepEqual(
      treated.reservations
        .map((r) => [r.pensionnaire_prenom, r.etablissement_nom, r.date_debut, r.date_fin])
        .sort(),
      [
        ['Ana', world.hotel.nom, arrival, departure],
        ['Léo', world.hotel.nom, arrival, departure],
      ],
    );
    const produced = await api.call<ResasPerDemandeAnswer>(
      'POST',
      `${DEMANDES_PATHS.resas}/${demandeId}`,
      {},
    );
    assert.deepEqual(
      produced.reservations.map((r) => r.id).sort(),
      treated.reservations.map((r) => r.id).sort(),
    );
    // The stays are linked on the card.
    for (const stay of treated.reservations)
      await page.getByRole('link', { name: `n° ${stay.id}` }).waitFor();

    // The dashboard counts one request fewer.
    await page.goto('/dashboard');
    await page.waitForFunction(
      (expected) =>
        document
          .querySelector('a[data-counter="total_demande_a_traiter"] [data-figure-value]')
          ?.textContent?.replace(/\D/g, '') === String(expected),
      before - 1,
    );
    assert.equal(
      (await api.call<DemandeCountAnswer>('GET', DEMANDES_PATHS.count)).total_demande_a_traiter,
      before - 1,
    );

    // The confirmation to the client: « Voir » opens it at /view-pdf in a new tab, through the request's id
    // (spec §2), the confirmation chosen among the request's documents.
    const confirmation = treated.communications.find((c) => c.type_document === 'confirmation');
    assert.ok(confirmation, 'confirmation préparée');
    assert.equal(confirmation.statut, 'preparee');
    assert.deepEqual(confirmation.destinataires, [REFERENTE]);
    await openFiche(page, demandeId);
    const row = page.getByRole('row', { name: /Confirmation au client/ });
    await row.getByText('Préparée').waitFor();
    const [viewer] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('link', { name: 'Voir' }).click(),
    ]);
    await viewer.waitForURL(new RegExp(`/view-pdf\\?id=${demandeId}&communication=${confirmation.id}$`));
    const frame = viewer.getByTitle(`Document de la demande ${demandeId}`);
    await frame.waitFor();
    assert.match((await frame.getAttribute('src')) ?? '', /^blob:/);
    assert.equal(await viewer.getByText('Document indisponible').count(), 0);
    // The request's other document (the voucher) is one choice away; the confirmation is the one shown.
    const picker = viewer.getByRole('combobox', { name: 'Document affiché' });
    await picker.waitFor();
    await viewer
      .locator('.ant-select')
      .getByText(/^Confirmation au client — /)
      .waitFor();
    // The request's id alone opens its latest document: the voucher, prepared after the confirmation.
    await viewer.goto(`/view-pdf?id=${demandeId}`);
    await viewer.getByTitle(`Document de la demande ${demandeId}`).waitFor();
    await viewer
      .locator('.ant-select')
      .getByText(/^Bon d'hébergement \(établissement\) — /)
      .waitFor();
    await viewer.close();
    const pdf = await fetch(
      `${product.baseUrl}/api${COMMUNICATION_PATHS.document}/${demandeId}?communication=${confirmation.id}`,
      { headers: { authorization: `Bearer ${api.token}` } },
    );
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const shown = pdfTexts(Buffer.from(await pdf.arrayBuffer())).join('\n');
    for (const expected of [world.hotel.nom, 'Ana', 'Léo', world.roomType.libelle])
      assert.ok(shown.includes(expected), `« ${expected} » absent du PDF`);

    // « Envoyer »: the send dialog starts with the referent's address (nothing leaves before it is confirmed), then
    // sent through the SMTP server, the PDF attached.
    const sendDialog = await openDialog(
      row.getByRole('button', { name: 'Envoyer' }),
      page.getByRole('dialog', { name: 'Envoyer « Confirmation au client »' }),
    );
    assert.equal(await sendDialog.getByLabel('Destinataires').inputValue(), REFERENTE);
    const toReferente = () =>
      smtp.received.filter((mail) =>
        [mail.to ?? []].flat().some((to) => to.value.some((a) => a.address === REFERENTE)),
      );
    assert.equal(toReferente().length, 0, 'rien ne part avant la confirmation');
    await submitAction(sendDialog, 'Envoyer', 30_000);
    await row.getByText('Envoyée', { exact: true }).waitFor();
    const sent = toReferente();
    assert.equal(sent.length, 1);
    const [attachment] = sent[0]!.attachments;
    assert.equal(attachment?.contentType, 'application/pdf');
    const attached = pdfTexts(attachment.content).join('\n');
    assert.ok(attached.includes(world.hotel.nom) && attached.includes('Ana'), 'PDF joint incomplet');
    const after = (await demandeOf(demandeId)).communications.find((c) => c.id === confirmation.id)!;
    assert.equal(after.statut, 'envoyee');
    assert.equal(after.tentatives, 1);
    assert.notEqual(after.envoye_at, null);

    // The voucher is for the test's hotel, which has no e-mail address: no dead end, the agent types one.
    const voucher = treated.communications.find((c) => c.type_document === 'bon_hebergement');
    assert.ok(voucher, 'bon d’hébergement préparé');
    assert.deepEqual(voucher.destinataires, []);
    const voucherRow = page.getByRole('row', { name: /Bon d'hébergement/ });
    await voucherRow.getByText('Aucune adresse').waitFor();
    const voucherDialog = await openDialog(
      voucherRow.getByRole('button', { name: 'Envoyer' }),
      page.getByRole('dialog', { name: "Envoyer « Bon d'hébergement (établissement) »" }),
    );
    await voucherDialog
      .getByText("Cet établissement n'a pas d'adresse e-mail : indiquez à qui envoyer le message.")
      .waitFor();
    await voucherDialog.getByLabel('Destinataires').fill(HOTEL_TYPED);
    await submitAction(voucherDialog, 'Envoyer', 30_000);
    await voucherRow.getByText('Envoyée', { exact: true }).waitFor();
    const toHotel = smtp.received.filter((mail) =>
      [mail.to ?? []].flat().some((to) => to.value.some((a) => a.address === HOTEL_TYPED)),
    );
    assert.equal(toHotel.length, 1);
    assert.equal(toHotel[0]!.attachments[0]?.contentType, 'application/pdf');

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone (375 px) « Traiter » fits the screen: « Réserver » is visible and books, no sideways scroll', async () => {
    const [zoe, noe] = [resident('Zoé'), resident('Noé')];
    const demandeId = await createDemande({
      type: 'nouvelle',
      pensionnaire_ids: [zoe.id, noe.id],
      date_debut: parisDay(20),
      date_fin: parisDay(22),
      souhaits: { ville: 'Lyon', etablissement_id: world.hotel.id, type_chambre_id: world.roomType.id },
    });
    const width = 375;
    const { page, context, errors } = await openPage(browser, product.baseUrl, { width, height: 667 });
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await openFiche(page, demandeId);
    const dialog = await openDialog(
      page.getByRole('button', { name: 'Traiter', exact: true }),
      page.getByRole('dialog', { name: `Traitement de la demande n° ${demandeId}` }),
    );
    await dialog.getByText(/Total HT :/).waitFor();
    // The widest the dialog gets: two rooms, the residents' room table.
    await dialog.getByRole('button', { name: 'Ajouter une chambre' }).click();
    await dialog.getByRole('columnheader', { name: 'Pensionnaire', exact: true }).waitFor();

    const reserve = dialog.getByRole('button', { name: 'Réserver' });
    await reserve.scrollIntoViewIfNeeded();
    // The dialog's layer (fixed over the page) neither scrolls sideways nor has been scrolled sideways.
    const overflow = await page.evaluate(() => {
      const wrap = document.querySelector('.ant-modal-wrap');
      return {
        wrap: wrap ? wrap.scrollWidth - wrap.clientWidth : null,
        scrollX: window.scrollX + (wrap?.scrollLeft ?? 0),
      };
    });
    assert.deepEqual(overflow, { wrap: 0, scrollX: 0 }, 'la fenêtre défile de côté');
    const modal = await page.locator('.ant-modal').boundingBox();
    assert.ok(
      modal && modal.x >= 0 && modal.x + modal.width <= width,
      `fenêtre hors écran : ${JSON.stringify(modal)}`,
    );
    for (const name of ['Annuler', 'Réserver']) {
      const box = await dialog.getByRole('button', { name, exact: true }).boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= width,
        `« ${name} » hors écran : ${JSON.stringify(box)}`,
      );
    }

    // Back to one room for both, then book from the phone.
    await dialog.getByRole('button', { name: 'Retirer' }).last().click();
    await reserve.click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await stateShown(page, 'Traitée');
    const treated = await demandeOf(demandeId);
    assert.equal(treated.statut, 'traitee');
    assert.equal(treated.reservations.length, 2);

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone (375 px) a treated request’s card stays inside the screen: its tables scroll in their cards', async () => {
    const demandeId = await createDemande({
      type: 'nouvelle',
      pensionnaire_ids: [resident('Lou').id],
      date_debut: parisDay(30),
      date_fin: parisDay(33),
    });
    await api.call('POST', `${DEMANDES_PATHS.reservations}/${demandeId}`, {
      contrat_client_id: world.contratClient.id,
      etablissement_id: world.hotel.id,
      contrat_etablissement_id: world.contratEtablissement.id,
      chambres: [{ type_chambre_id: world.roomType.id, pensionnaire_ids: [resident('Lou').id] }],
    });
    const width = 375;
    const { page, context, errors } = await openPage(browser, product.baseUrl, { width, height: 740 });
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await openFiche(page, demandeId);
    await stateShown(page, 'Traitée');
    // The innermost card of that title (the page's own frame is a card holding them all).
    const cardOf = (title: string) =>
      page
        .locator('.ant-card')
        .filter({ has: page.locator('.ant-card-head-title', { hasText: title }) })
        .last();
    await cardOf('Réservations liées')
      .getByRole('link', { name: /^n° \d+$/ })
      .waitFor();
    await cardOf('Communications').getByText('Confirmation au client').waitFor();

    const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrolled <= width, `la page défile de côté (${scrolled} px pour ${width})`);
    for (const title of [
      'Pensionnaires (1)',
      'Réservations liées',
      'Communications',
      'Demandes précédentes',
    ]) {
      const box = await cardOf(title).boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= width,
        `« ${title} » hors écran : ${JSON.stringify(box)}`,
      );
    }
    // The communications' widest cells are reached by scrolling their table, inside its card.
    const table = cardOf('Communications').locator('.ant-table-content');
    const overflow = await table.evaluate((element) => element.scrollWidth - element.clientWidth);
    assert.ok(overflow > 0, 'le tableau des communications devrait défiler dans sa carte');
    await cardOf('Communications').getByRole('button', { name: 'Envoyer' }).first().scrollIntoViewIfNeeded();
    assert.equal(await page.evaluate(() => window.scrollX), 0, 'la page elle-même ne défile pas de côté');

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an agent refuses a request with a reason: the letter is prepared', async () => {
    const demandeId = await createDemande({
      type: 'nouvelle',
      pensionnaire_ids: [resident('Paul').id],
      date_debut: parisDay(10),
      date_fin: parisDay(12),
    });
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await openFiche(page, demandeId);
    const dialog = await openDialog(
      page.getByRole('button', { name: 'Refuser', exact: true }),
      page.getByRole('dialog', { name: 'Refuser la demande' }),
    );
    const reason = 'Aucune place disponible sur la période';
    await dialog.getByLabel('Motif du refus').fill(reason);
    await submitAction(dialog, 'Refuser');
    await page.getByText(`Motif du refus : ${reason}`).waitFor();
    await stateShown(page, 'Refusée');
    await page.getByRole('row', { name: /Lettre de refus/ }).waitFor();

    const refused = await demandeOf(demandeId);
    assert.equal(refused.statut, 'refusee');
    assert.equal(refused.motif_refus, reason);
    assert.deepEqual(refused.reservations, []);
    assert.deepEqual(
      refused.communications.map((c) => c.type_document),
      ['refus'],
    );
    assert.equal(refused.actions.traiter, false);
    assert.equal(await page.getByRole('button', { name: 'Traiter', exact: true }).count(), 0);

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an agent confirms a cancellation: the targeted stay is cancelled, the hotel is sent a notice', async () => {
    await api.call('PUT', `${REFERENTIEL_PATHS.etablissements}/${world.hotel.id}`, {
      nom: world.hotel.nom,
      adresse: '8 quai Saint-Vincent',
      codePostal: '69001',
      ville: 'Lyon',
      nombreChambres: 40,
      email: HOTEL_EMAIL,
    });
    const stayId = await bookedStay('Inès', parisDay(4), parisDay(8));
    const demandeId = await createDemande({
      type: 'annulation',
      reservation_ids: [stayId],
      date_annulation: parisDay(4),
    });
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await openFiche(page, demandeId);
    await stateShown(page, 'À annuler');
    // One click only asks: the dialog says what the cancellation will do and wants its reason.
    const dialog = await openDialog(
      page.getByRole('button', { name: "Confirmer l'annulation" }),
      page.getByRole('dialog', { name: `Confirmer l'annulation de la demande n° ${demandeId}` }),
    );
    await dialog
      .getByText(`1 séjour annulé à partir du ${frenchDate(parisDay(4))}`, { exact: false })
      .waitFor();
    await dialog.getByLabel("Motif de l'annulation").fill('Relogée par le 115');
    await submitAction(dialog, "Confirmer l'annulation");
    await stateShown(page, 'Annulation confirmée');
    await page.getByText(`Réservation n° ${stayId}`).waitFor();

    const done = await demandeOf(demandeId);
    assert.equal(done.statut, 'traitee');
    assert.deepEqual(
      done.cibles.map((c) => [c.id, c.statut]),
      [[stayId, 'annulee']],
    );
    const cancelled = await staysOf({ pensionnaire: 'essai-annul', statut: 'annulee' });
    assert.deepEqual(
      cancelled.map((s) => s.id),
      [stayId],
    );
    assert.ok(done.communications.some((c) => c.type_document === 'annulation'));
    const history = await api.call<HistoriquesAnswer>('GET', `${RESERVATIONS_PATHS.historiques}/${stayId}`);
    assert.deepEqual(
      history.historiques
        .find((h) => h.action === 'annulation')
        ?.changements.find((c) => c.champ === 'motif'),
      { champ: 'motif', avant: null, apres: 'Relogée par le 115' },
    );

    // The hotel's notice: listed on the card, sent through the SMTP server with the released nights.
    const noticeRow = page.getByRole('row', { name: /Avis de libération \(établissement\)/ });
    await noticeRow.getByText('Envoyée', { exact: true }).waitFor();
    const notice = done.communications.find((c) => c.type_document === 'avis_etablissement');
    assert.ok(notice, 'avis à l’établissement préparé');
    assert.deepEqual(notice.destinataires, [HOTEL_EMAIL]);
    const toHotel = smtp.received.filter((mail) =>
      [mail.to ?? []].flat().some((to) => to.value.some((a) => a.address === HOTEL_EMAIL)),
    );
    assert.equal(toHotel.length, 1);
    const shown = pdfTexts(toHotel[0]!.attachments[0]!.content).join('\n');
    for (const expected of [world.hotel.nom, 'Inès Essai-Annul', `n° ${stayId}`, '4 nuits', 'Annulation'])
      assert.ok(shown.includes(expected), `« ${expected} » absent de l’avis`);

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an agent treats an extension: the targeted stay is extended to the requested date', async () => {
    const end = parisDay(2);
    const requested = parisDay(6);
    const stayId = await bookedStay('Marc', parisDay(-2), end);
    const demandeId = await createDemande({
      type: 'prolongation',
      reservation_ids: [stayId],
      date_fin: requested,
    });
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await openFiche(page, demandeId);
    await stateShown(page, 'À prolonger');
    const dialog = await openDialog(
      page.getByRole('button', { name: 'Prolonger', exact: true }),
      page.getByRole('dialog', { name: `Prolonger la demande n° ${demandeId}` }),
    );
    await dialog
      .getByText(`1 séjour prolongé jusqu'au ${frenchDate(requested)}.`, { exact: false })
      .waitFor();
    await submitAction(dialog, 'Prolonger');
    await stateShown(page, 'Prolongée');
    await page.getByText(`Réservation n° ${stayId}`).waitFor();

    const done = await demandeOf(demandeId);
    assert.equal(done.statut, 'traitee');
    const extensions = await staysOf({ type_resa: 'prolongation', pensionnaire: 'essai-prolong' });
    assert.deepEqual(
      extensions.map((s) => [s.date_debut, s.date_fin]),
      [[end, requested]],
    );
    assert.ok(done.communications.some((c) => c.type_document === 'prolongation'));

    assert.deepEqual(errors, []);
    await context.close();
  });
});
