import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import {
  RESERVATIONS_PATHS,
  type HistoriquesAnswer,
  type ReservationDetailAnswer,
  type ReservationItem,
  type ReservationListAnswer,
} from 'shared/contract';
import { pdfTexts } from '../../api/test/pdf-text';
import { launchBrowser, login, openPage } from '../support/browser';
import { DEMO_ADMIN, startProduct, type Product } from '../support/product';
import { chooseOption, openDialog, searchColumn, settled, submitAction, typeDate } from '../support/ui';
import {
  ApiSession,
  bookThroughApi,
  createBookingWorld,
  frenchDate,
  parisDay,
  type BookingWorld,
} from '../support/world';

let product: Product;
let browser: Browser;
let api: ApiSession;
let world: BookingWorld;

before(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  api = await ApiSession.login(product.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  world = await createBookingWorld(api, [
    { nom: 'Essai-Lefèvre', prenom: 'Léa' },
    { nom: 'Essai-Lefèvre', prenom: 'Hugo' },
    { nom: 'Essai-Bakari', prenom: 'Sami' },
    { nom: 'Essai-Bakari', prenom: 'Nora' },
    { nom: 'Essai-Retour', prenom: 'Yanis' },
  ]);
});

after(async () => {
  await browser?.close();
  await product?.stop();
});

/** The world's stays as the API lists them (the check behind what the screens claim). */
async function staysOf(filters: Record<string, unknown>): Promise<ReservationItem[]> {
  const answer = await api.call<ReservationListAnswer>('POST', RESERVATIONS_PATHS.list, {
    page: 1,
    pageSize: 100,
    client_id: world.client.id,
    ...filters,
  });
  return answer.reservations;
}

/** Clicks « Suivant » and waits for the wizard's next step title (saying what the wizard asked for if it stays). */
async function nextStep(page: Page, drawer: ReturnType<Page['getByRole']>, step: number): Promise<void> {
  await drawer.getByRole('button', { name: 'Suivant' }).click();
  try {
    await drawer
      .getByRole('heading', { name: new RegExp(`^Étape ${step} sur`) })
      .waitFor({ timeout: 20_000 });
  } catch (error) {
    const shown = await drawer.locator('.ant-alert').allTextContents();
    throw new Error(`L’étape ${step} n’est pas venue : ${shown.join(' | ') || 'aucun message'}`, {
      cause: error,
    });
  }
}

describe('reservations', () => {
  test('a staff member books two residents as a full reservation, confirms, extends them all, reads the history and cancels one', async () => {
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const arrival = parisDay(2);
    const departure = parisDay(9);

    // The top bar's add button opens the list in add mode: the booking wizard.
    await page.goto('/dashboard/reservations?mode=ajout');
    const drawer = await settled(page.getByRole('dialog'));
    await drawer.getByRole('heading', { name: /^Étape 1 sur/ }).waitFor();
    await chooseOption(page, drawer.getByLabel('Client', { exact: true }), world.client.nom);
    await typeDate(drawer.getByLabel('Date d’arrivée'), frenchDate(arrival));
    await typeDate(drawer.getByLabel('Date de départ'), frenchDate(departure));
    await drawer.getByText('7 nuits').waitFor();
    await nextStep(page, drawer, 2);
    await drawer.getByRole('radio', { name: new RegExp(world.contratClient.reference) }).check();
    await nextStep(page, drawer, 3);
    // The search is debounced: a box ticked in the list it replaces would not stay ticked, so its answer is awaited.
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/contrat_client/pensionnaires/search/') &&
        decodeURIComponent(response.url()).includes('search=essai-lefèvre'),
    );
    await drawer.getByLabel('Rechercher un pensionnaire').fill('essai-lefèvre');
    await searched;
    for (const prenom of ['Léa', 'Hugo'])
      await drawer
        .getByRole('checkbox', { name: new RegExp(`Essai-Lefèvre ${prenom}|${prenom} Essai-Lefèvre`, 'i') })
        .check();
    await nextStep(page, drawer, 4);
    await drawer.getByRole('radio', { name: new RegExp(world.hotel.nom) }).check();
    await nextStep(page, drawer, 5);
    await drawer.getByRole('radio', { name: new RegExp(world.roomType.libelle) }).check();
    await nextStep(page, drawer, 6);
    await nextStep(page, drawer, 7);
    await drawer.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await page.waitForURL(/\/dashboard\/fiche-resa-integrale\/\d+/);
    const parentId = Number(page.url().split('/').pop());

    const booked = await staysOf({ id_reservation_mere: parentId });
    assert.equal(booked.length, 2);
    assert.deepEqual(
      booked.map((stay) => [stay.date_debut, stay.date_fin, stay.nombre_nuits, stay.statut]),
      [
        [arrival, departure, 7, 'en_attente'],
        [arrival, departure, 7, 'en_attente'],
      ],
    );

    // Both stays in the list (column search) and the full reservation in its list.
    await page.goto('/dashboard/reservations');
    await searchColumn(page, 'Pensionnaire', 'ESSAI-lefèvre');
    await page.getByRole('cell', { name: /Léa/ }).first().waitFor();
    await page.getByRole('cell', { name: /Hugo/ }).first().waitFor();
    await page.goto('/dashboard/reservation-integrale');
    await searchColumn(page, 'Client', world.client.nom.toLowerCase());
    await page
      .getByRole('cell', { name: new RegExp(world.hotel.nom) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/dashboard/fiche-resa-integrale/${parentId}$`));

    // Confirm every stay of the full reservation.
    const confirmAll = await openDialog(
      page.getByRole('button', { name: /Confirmer tout/ }),
      page.getByRole('dialog'),
    );
    await submitAction(confirmAll, 'Confirmer');
    await page.getByText('Confirmée').first().waitFor();
    assert.deepEqual(
      (await staysOf({ id_reservation_mere: parentId })).map((stay) => stay.statut),
      ['confirmee', 'confirmee'],
    );

    // Extend Léa's stay, and with applyToAllPr every resident of the full reservation.
    const lea = booked.find((stay) => stay.pensionnaire_prenom === 'Léa')!;
    await page.goto(`/dashboard/fiche-resa/${lea.id}`);
    const extend = await openDialog(
      page.getByRole('button', { name: /Prolonger/ }).first(),
      page.getByRole('dialog'),
    );
    const extendedTo = parisDay(12);
    await typeDate(extend.getByLabel('Nouvelle date de départ'), frenchDate(extendedTo));
    await extend.getByText('Appliquer à tous les pensionnaires').click();
    await submitAction(extend, 'Prolonger');
    const extensions = await staysOf({ id_reservation_mere: parentId, type_resa: 'prolongation' });
    assert.equal(extensions.length, 2);
    for (const extension of extensions) {
      assert.equal(extension.date_debut, departure);
      assert.equal(extension.date_fin, extendedTo);
    }

    // The history of Léa's stay tells who did what.
    await page.goto(`/dashboard/fiche-resa/${lea.id}`);
    await page.getByText('Création').first().waitFor();
    await page.getByText('Confirmation').first().waitFor();
    await page.getByText(DEMO_ADMIN.name).first().waitFor();

    // Cancel Hugo's extension.
    const hugoExtension = extensions.find((stay) => stay.pensionnaire_prenom === 'Hugo')!;
    await page.goto(`/dashboard/fiche-resa/${hugoExtension.id}`);
    const cancel = await openDialog(
      page.getByRole('button', { name: /Annuler/ }).first(),
      page.getByRole('dialog'),
    );
    await cancel.getByLabel("Motif de l'annulation").fill('Départ vers un logement pérenne');
    await submitAction(cancel, 'Annuler la réservation');
    await page.getByText('Annulée').first().waitFor();
    const [cancelled] = await staysOf({ id_reservation_mere: parentId, statut: 'annulee' });
    assert.equal(cancelled?.id, hugoExtension.id);
    await page.getByText('Départ vers un logement pérenne').first().waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a stay cancelled by mistake is restored with « Rétablir »: its status, nights and rooms back', async () => {
    const yanis = world.residents.find((resident) => resident.prenom === 'Yanis')!;
    // Ahead of today: the hourly status task leaves a confirmed stay as it is.
    const arrival = parisDay(2);
    const departure = parisDay(6);
    await bookThroughApi(api, world, [yanis.id], arrival, departure);
    const [stay] = await staysOf({ pensionnaire: 'essai-retour' });
    assert.ok(stay);

    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto(`/dashboard/fiche-resa/${stay.id}`);
    await page.getByText(`Réservation N° ${stay.id}`).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Rétablir' }).count(), 0, 'rien à rétablir avant');
    const cancel = await openDialog(
      page.getByRole('button', { name: /Annuler/ }).first(),
      page.getByRole('dialog', { name: 'Annuler la réservation' }),
    );
    await cancel.getByLabel("Motif de l'annulation").fill('Saisie sur le mauvais pensionnaire');
    await submitAction(cancel, 'Annuler la réservation');
    await page.getByText('Annulée').first().waitFor();

    // « Rétablir » says what it will do and asks why before anything is written.
    const restore = await openDialog(
      page.getByRole('button', { name: 'Rétablir' }),
      page.getByRole('dialog', { name: `Rétablir la réservation n° ${stay.id}` }),
    );
    await restore
      .getByText(
        `la réservation n° ${stay.id} retrouve le statut « Confirmée » et son départ du ${frenchDate(departure)}, 4 nuits de nouveau réservées à partir du ${frenchDate(arrival)}.`,
        { exact: false },
      )
      .waitFor();
    await restore.getByLabel('Motif du rétablissement').fill('Annulée par erreur');
    await submitAction(restore, 'Rétablir');
    await page.getByText('Confirmée').first().waitFor();
    await page.getByText('Motif : Annulée par erreur').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Rétablir' }).count(), 0);

    const detail = await api.call<ReservationDetailAnswer>('GET', `${RESERVATIONS_PATHS.one}/${stay.id}`);
    assert.equal(detail.data.statut, 'confirmee');
    assert.equal(detail.data.date_fin, departure);
    assert.deepEqual(
      detail.data.nuitees.filter((night) => night.annulee),
      [],
      'toutes les nuits réservées de nouveau',
    );
    const history = await api.call<HistoriquesAnswer>('GET', `${RESERVATIONS_PATHS.historiques}/${stay.id}`);
    assert.ok(history.historiques.some((entry) => entry.action === 'retablissement'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a staff member extends several stays at once from the stays to extend', async () => {
    const sami = world.residents.find((resident) => resident.prenom === 'Sami')!;
    const nora = world.residents.find((resident) => resident.prenom === 'Nora')!;
    // Two stays that end tomorrow: both "prolongables" today.
    await bookThroughApi(api, world, [sami.id], parisDay(-3), parisDay(1));
    await bookThroughApi(api, world, [nora.id], parisDay(-3), parisDay(1));
    const due = await staysOf({ etat: 'prolongable', pensionnaire: 'essai-bakari' });
    assert.equal(due.length, 2);

    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/dashboard/reservations-a-prolonger');
    await searchColumn(page, 'Pensionnaire', 'essai-bakari');
    for (const stay of due) await page.getByLabel(`Sélectionner la réservation ${stay.id}`).check();
    const extend = await openDialog(
      page.getByRole('button', { name: 'Prolonger la sélection (2)' }),
      page.getByRole('dialog'),
    );
    const newDeparture = parisDay(15);
    await typeDate(extend.getByLabel('Nouvelle date de départ'), frenchDate(newDeparture));
    await extend.getByRole('button', { name: 'Confirmer la prolongation' }).click();
    await page.getByText('Résultat de la prolongation').waitFor();
    await extend.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();

    const extensions = await staysOf({ pensionnaire: 'essai-bakari', type_resa: 'prolongation' });
    assert.deepEqual(
      extensions.map((stay) => [stay.prolongation_de_id, stay.date_debut, stay.date_fin]).sort(),
      due.map((stay) => [stay.id, parisDay(1), newDeparture]).sort(),
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the list exports download as dated PDF and Excel files with the listed stays', async () => {
    const { page, context, errors } = await openPage(browser, product.baseUrl);
    await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/dashboard/reservations');
    await searchColumn(page, 'Client', world.client.nom);
    await page.getByRole('cell', { name: /Sami/ }).first().waitFor();
    const today = parisDay(0);
    // What the list holds for this client, by the API: whatever the earlier tests of the file managed to book.
    const expected = await staysOf({});
    assert.ok(expected.length >= 2);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('group', { name: 'Exports' })
        .getByRole('button', { name: /PDF \(liste\)/ })
        .click(),
    ]);
    assert.equal(pdf.suggestedFilename(), `reservations-${today}.pdf`);
    const pdfText = pdfTexts(readFileSync(await pdf.path())).join(' ');
    for (const stay of expected) {
      assert.match(pdfText, new RegExp(`\\b${stay.id}\\b`));
      assert.ok(
        pdfText.includes(`${stay.pensionnaire_nom} ${stay.pensionnaire_prenom}`),
        `${stay.id} sans nom`,
      );
    }

    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('group', { name: 'Exports' })
        .getByRole('button', { name: /Excel \(complet\)/ })
        .click(),
    ]);
    assert.equal(excel.suggestedFilename(), `reservations-${today}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await excel.path());
    const sheet = workbook.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
    assert.equal(sheet.rowCount - 1, expected.length);
    for (const stay of expected) assert.ok(cells.includes(String(stay.id)), `réservation ${stay.id} absente`);
    assert.ok(cells.some((text) => text.includes(world.hotel.nom)));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 1366 and 375 px the stay cards show their title whole, the buttons beside or under it, each reachable', async () => {
    const sami = world.residents.find((resident) => resident.prenom === 'Sami')!;
    const nora = world.residents.find((resident) => resident.prenom === 'Nora')!;
    // Pending: the cards offer every action (Confirmer, Prolonger… Annuler tout).
    const parentId = await bookThroughApi(api, world, [sami.id, nora.id], parisDay(200), parisDay(204), {
      confirmer: false,
    });
    const [stay] = await staysOf({ id_reservation_mere: parentId });
    assert.ok(stay, 'the full reservation has its stays');
    type Box = { x: number; y: number; width: number; height: number };
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const cards = [
      {
        path: `/dashboard/fiche-resa/${stay.id}`,
        title: `Réservation N° ${stay.id}`,
        buttons: ['Confirmer', 'Prolonger', 'Modifier', 'Départ anticipé', 'Annuler'],
      },
      {
        path: `/dashboard/fiche-resa-integrale/${parentId}`,
        title: `Réservation intégrale N° ${parentId}`,
        buttons: ['Confirmer tout', 'Ajouter un pensionnaire', 'Annuler tout'],
      },
    ];

    for (const width of [1366, 375]) {
      const { page, context, errors } = await openPage(browser, product.baseUrl, { width, height: 800 });
      await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      for (const card of cards) {
        await page.goto(card.path);
        // The title's own text: its number must be readable whole, nothing laid over it.
        const title = page.getByText(card.title, { exact: true });
        await title.waitFor({ timeout: 30_000 });
        const titleBox = (await title.boundingBox())!;
        assert.ok(
          titleBox.x >= 0 && titleBox.x + titleBox.width <= width,
          `${card.path}: title in view at ${width} px: ${JSON.stringify(titleBox)}`,
        );
        // Cut (an ellipsis, a hidden overflow) by a box narrower than the text: not whole.
        const clipped = await title.evaluate((node) => {
          const right = node.getBoundingClientRect().right;
          for (let box = node.parentElement; box; box = box.parentElement)
            if (getComputedStyle(box).overflowX !== 'visible')
              return right > box.getBoundingClientRect().right + 0.5;
          return false;
        });
        assert.equal(clipped, false, `${card.path}: title cut at ${width} px`);
        for (const name of card.buttons) {
          // Its name after its icon's (« check Confirmer »), not a longer one (« Confirmer tout »).
          const button = page.getByRole('button', { name: new RegExp(`(^|\\s)${name}$`) });
          const box = (await button.boundingBox())!;
          assert.ok(
            box.x >= 0 && box.x + box.width <= width,
            `${card.path}: « ${name} » in view at ${width} px: ${JSON.stringify(box)}`,
          );
          assert.ok(
            !overlap(box, titleBox),
            `${card.path}: « ${name} » over the title at ${width} px: ${JSON.stringify({ box, titleBox })}`,
          );
          if (width === 375)
            assert.ok(
              box.y >= titleBox.y + titleBox.height,
              `${card.path}: « ${name} » under the title at 375 px: ${JSON.stringify({ box, titleBox })}`,
            );
          // Reachable: visible, steady, and the one element a click there lands on.
          await button.click({ trial: true, timeout: 5_000 });
        }
        const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scrolled <= width, `${card.path}: no sideways scroll at ${width} px (${scrolled})`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
