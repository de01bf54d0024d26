import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import {
  REFERENTIEL_PATHS,
  RESERVATIONS_PATHS,
  ROOMING_PATHS,
  type PointageListAnswer,
  type ReservationDetailAnswer,
  type RoomingEtabAnswer,
  type RoomingFilters,
} from 'shared/contract';
import { login, navigateInApp, openPage } from '../support/browser';
import { DEMO_ADMIN, DEMO_AGENT } from '../support/product';
import { openDialog, submitAction } from '../support/ui';
import { bookThroughApi, createBookingWorld, keptEmail, parisDay } from '../support/world';
import { productInBrowser } from '../support/suite';

const run = productInBrowser({ apiAs: DEMO_ADMIN });

const nameOf = (stay: { pensionnaire_nom: string; pensionnaire_prenom: string }) =>
  `${stay.pensionnaire_nom.toLocaleUpperCase('fr')} ${stay.pensionnaire_prenom}`;
const shown = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();
const french = (value: number) => new Intl.NumberFormat('fr-FR').format(value).replace(/\s/g, ' ');
const rooming = (filters: RoomingFilters, page = 1, pageSize = 100) =>
  run.api.call<RoomingEtabAnswer>(
    'GET',
    `${ROOMING_PATHS.etab}?${new URLSearchParams({ page: String(page), pageSize: String(pageSize), filters: JSON.stringify(filters) })}`,
  );

describe('rooming et pointage', () => {
  test("yesterday's arrivals: one present, one absent (the no-show cancels the rest); PAF nights payé", async () => {
    const arrivals = await run.api.call<PointageListAnswer>('POST', ROOMING_PATHS.pointageNuitees, {
      page: 1,
      pageSize: 100,
      jours: 'commence_h',
    });
    assert.ok(
      arrivals.total >= 2,
      "the demo data has at least two arrivals of yesterday (dashboard's Présence badge)",
    );
    const [present, absent] = [
      arrivals.reservations[0]!,
      arrivals.reservations.find((stay, index) => index > 0 && stay.date_fin > parisDay(1))!,
    ];
    assert.ok(absent, 'an arrival of yesterday staying after tomorrow');

    const { page, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    // The dashboard's badge opens the screen with the filter it counts.
    await page.locator('a[data-counter="totalPresence"]').click();
    await page.waitForURL('**/dashboard/pointage-presence?jours=commence_h');
    const presentRow = page.locator(`tr[data-row-key="${present.id}"]`);
    const presentButton = presentRow.getByRole('button', { name: `Présent : ${nameOf(present)}` });
    await presentButton.waitFor();
    // At 1366 px the columns fit the page side by side: the buttons in view, no sideways scroll.
    const box = await presentButton.boundingBox();
    assert.ok(
      box && box.x + box.width <= page.viewportSize()!.width,
      `Présent in view: ${JSON.stringify(box)}`,
    );
    await presentButton.click();
    await presentRow.locator('.ant-tag', { hasText: 'Présent' }).waitFor({ timeout: 30_000 });

    const dialog = await openDialog(
      page
        .locator(`tr[data-row-key="${absent.id}"]`)
        .getByRole('button', { name: `Absent : ${nameOf(absent)}` }),
      page.getByRole('dialog', { name: 'Arrivée non présentée' }),
    );
    // Unticked by default (the least destructive choice): the agent ticks it to cancel the rest.
    assert.equal(await dialog.getByRole('checkbox').isChecked(), false);
    await dialog.getByRole('checkbox').check();
    await submitAction(dialog, "Confirmer l'absence et annuler la suite", 30_000);
    const after = await run.api.call<ReservationDetailAnswer>(
      'GET',
      `${RESERVATIONS_PATHS.one}/${absent.id}`,
    );
    assert.equal(after.data.nuitees.find((night) => night.date_nuit === parisDay(-1))?.presence, 'absent');
    assert.ok(
      after.data.nuitees.filter((night) => night.date_nuit >= parisDay(0)).every((night) => night.annulee),
      'the nights from today on are cancelled',
    );

    // PAF: the badge's list; a whole stay marked payé leaves it.
    await page.goto('/dashboard');
    await page.locator('a[data-counter="totalPaf"]').click();
    await page.waitForURL('**/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier');
    const toVerify = await run.api.call<PointageListAnswer>('POST', ROOMING_PATHS.pointageNuitees, {
      page: 1,
      pageSize: 50,
      status_paf: true,
      etat_payment_paf: 'a_verifier',
    });
    const stay = toVerify.reservations.find((row) =>
      row.nuitees.some((night) => night.date_nuit < parisDay(0) && night.etat_paf === 'a_verifier'),
    );
    assert.ok(stay, 'a PAF stay with past nights to verify in the demo data');
    await page
      .locator(`tr[data-row-key="${stay.id}"]`)
      .getByRole('button', { name: `PAF payée : ${nameOf(stay)}` })
      .click();
    await page.locator(`tr[data-row-key="${stay.id}"]`).waitFor({ state: 'detached', timeout: 30_000 });
    const paid = await run.api.call<ReservationDetailAnswer>('GET', `${RESERVATIONS_PATHS.one}/${stay.id}`);
    assert.ok(
      paid.data.nuitees
        .filter((night) => !night.annulee && night.date_nuit < parisDay(0))
        .every((night) => night.etat_paf === 'paye'),
    );
    assert.deepEqual(errors, []);
  });

  test('rooming-etab of a hotel for a month: totals equal the rows, PDF and Excel downloaded, list sent', async () => {
    const month = parisDay(0).slice(0, 7);
    const start = `${month}-01`;
    const [year, m] = month.split('-').map(Number) as [number, number];
    const end = `${m === 12 ? year + 1 : year}-${String((m % 12) + 1).padStart(2, '0')}-01`;
    const all = await rooming({ start_date: start, end_date: end });
    assert.ok(all.total > 0, 'the demo data has nights this month');
    // A hotel with nights this month and an e-mail address (the rooming list is sent to it).
    let hotelId = 0;
    for (const id of new Set(all.reservations.map((row) => row.etablissement_id))) {
      const hotel = await run.api.call<{ email: string | null }>(
        'GET',
        `${REFERENTIEL_PATHS.etablissements}/${id}`,
      );
      if (hotel.email) {
        hotelId = id;
        break;
      }
    }
    assert.ok(hotelId > 0, 'a hotel of this month has an e-mail address in the demo data');
    const filters = { start_date: start, end_date: end, etablissement_id: hotelId };
    const expected = await rooming(filters);
    let rowsNights = 0;
    for (let p = 1; (p - 1) * 100 < expected.total; p += 1)
      rowsNights += (await rooming(filters, p)).reservations.reduce((sum, row) => sum + row.nuitees, 0);
    assert.equal(rowsNights, expected.total_nuitees, 'the totals are the sum of the rows');

    const { page, errors } = await openPage(run.browser, run.product.baseUrl);
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await page.goto(
      `/dashboard/rooming-etab?start_date=${start}&end_date=${end}&etablissement_id=${hotelId}`,
    );
    const totals = page.getByRole('region', { name: 'Totaux de la période' });
    await totals.waitFor({ timeout: 30_000 });
    const card = (label: string) =>
      totals.locator('.ant-statistic', { hasText: label }).first().locator('.ant-statistic-content');
    assert.equal(shown(await card('Nuitées').textContent()), french(expected.total_nuitees));
    assert.equal(shown(await card('Réservations').textContent()), french(expected.total));

    const exports = page.getByRole('group', { name: 'Exports' });
    for (const [label, extension] of [
      ['PDF', 'pdf'],
      ['Excel', 'xlsx'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        exports.getByRole('button', { name: label }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `rooming-etablissement-${parisDay(0)}.${extension}`);
      if (extension === 'xlsx') {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(await download.path());
        assert.ok(workbook.worksheets[0]!.rowCount > expected.reservations.length);
      }
    }

    // The send dialog starts with the hotel's address; the product keeps e-mails in its outbox (no SMTP_URL).
    const dialog = await openDialog(
      page.getByRole('button', { name: /Envoyer à l'établissement/ }),
      page.getByRole('dialog', { name: /^Envoyer le rooming de / }),
    );
    assert.notEqual(await dialog.getByLabel('Destinataires').inputValue(), '');
    await submitAction(dialog, 'Envoyer', 60_000);
    const outcome = page.getByText(/^Rooming de \d{2}\/\d{4} : /);
    await outcome.waitFor({ timeout: 60_000 });
    assert.match(shown(await outcome.textContent()), /: conservé dans la boîte d'envoi, non transmis \(/);
    assert.deepEqual(errors, []);
  });
  test('at 375 px the PAF and CAF state switches show « Tous » whole, inside the screen', async () => {
    const { page, context, errors } = await openPage(run.browser, run.product.baseUrl, {
      width: 375,
      height: 740,
    });
    await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
    for (const flux of ['paf', 'caf']) {
      await navigateInApp(page, `/dashboard/pointage-${flux}`);
      const states = page.getByRole('radiogroup', { name: `État ${flux.toUpperCase()}` });
      await states.waitFor({ timeout: 30_000 });
      const all = states.locator('.ant-segmented-item', { hasText: 'Tous' });
      const box = await all.boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= 375,
        `« Tous » inside the screen (${JSON.stringify(box)})`,
      );
      const cut = await all.evaluate((item) => {
        const scroller = item.closest('.ant-segmented')?.parentElement;
        return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
      });
      assert.ok(cut <= 1, `the states need no scrolling (${cut} px hidden)`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `the page does not scroll sideways (${width} px)`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 1366 and 375 px the pointage buttons sit beside or under the dates, state and amount, never over them; the lists show their total; rooming totals stay in their cards', async () => {
    const paf = await run.api.call<PointageListAnswer>('POST', ROOMING_PATHS.pointageNuitees, {
      page: 1,
      pageSize: 50,
      status_paf: true,
      etat_payment_paf: 'a_verifier',
    });
    // The presence screen's own list: every arrival of yesterday, pointed or not.
    const presence = await run.api.call<PointageListAnswer>('POST', ROOMING_PATHS.pointageNuitees, {
      page: 1,
      pageSize: 50,
      date_arrivee: parisDay(-1),
      start_date: parisDay(-1),
      end_date: parisDay(1),
    });
    const [stay] = paf.reservations;
    const [arrival] = presence.reservations;
    assert.ok(stay && arrival, 'PAF stays to verify and arrivals of yesterday in the demo data');
    const month = parisDay(0).slice(0, 7);
    const [year, m] = month.split('-').map(Number) as [number, number];
    const monthEnd = `${m === 12 ? year + 1 : year}-${String((m % 12) + 1).padStart(2, '0')}-01`;
    const period = (row: { date_debut: string; date_fin: string }) =>
      `${row.date_debut.split('-').reverse().join('/')} – ${row.date_fin.split('-').reverse().join('/')}`;
    type Box = { x: number; y: number; width: number; height: number };
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

    for (const width of [1366, 375]) {
      const { page, context, errors } = await openPage(run.browser, run.product.baseUrl, {
        width,
        height: 800,
      });
      await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
      const screens = [
        {
          path: '/dashboard/pointage-paf?status_paf=true&etat_payment_paf=a_verifier',
          row: stay,
          total: paf.total,
          buttons: [`PAF payée : ${nameOf(stay)}`, `PAF non payée : ${nameOf(stay)}`],
          // The dates, the state and the amount to verify.
          data: (row: ReturnType<typeof page.locator>) => [
            row.getByText(period(stay), { exact: true }),
            row.locator('.ant-tag').first(),
            row.getByText(/\d,\d\d\s€/).first(),
          ],
        },
        {
          path: '/dashboard/pointage-presence',
          row: arrival,
          total: presence.total,
          buttons: [`Présent : ${nameOf(arrival)}`, `Absent : ${nameOf(arrival)}`],
          data: (row: ReturnType<typeof page.locator>) => [
            row.getByText(period(arrival), { exact: true }),
            row.locator('.ant-tag').first(),
          ],
        },
      ];
      for (const screen of screens) {
        await navigateInApp(page, screen.path);
        const row = page.locator(`tr[data-row-key="${screen.row.id}"]`);
        const buttons = screen.buttons.map((name) => row.getByRole('button', { name }));
        await buttons[0]!.waitFor({ timeout: 30_000 });
        const buttonBoxes = await Promise.all(buttons.map((button) => button.boundingBox()));
        const dataBoxes = await Promise.all(screen.data(row).map((item) => item.boundingBox()));
        for (const box of [...buttonBoxes, ...dataBoxes]) {
          assert.ok(
            box && box.x >= 0 && box.x + box.width <= width,
            `${screen.path} in view at ${width} px: ${JSON.stringify(box)}`,
          );
        }
        for (const button of buttonBoxes)
          for (const data of dataBoxes) {
            assert.ok(
              !overlap(button!, data!),
              `${screen.path} at ${width} px: a button over the data ${JSON.stringify({ button, data })}`,
            );
            if (width === 1366)
              assert.ok(
                button!.x >= data!.x + data!.width,
                `side by side at 1366 px: ${JSON.stringify({ button, data })}`,
              );
            else
              assert.ok(
                button!.y >= data!.y + data!.height,
                `stacked at 375 px: ${JSON.stringify({ button, data })}`,
              );
          }
        // Grouped the French way with a narrow no-break space past 999 (« Total : 1 234 »).
        await page.getByText(new RegExp(`^Total : ${french(screen.total).replace(/ /g, '\\s')}$`)).waitFor();
        const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scrolled <= width, `${screen.path}: no sideways scroll at ${width} px (${scrolled})`);
      }

      await navigateInApp(page, `/dashboard/rooming-client?start_date=${month}-01&end_date=${monthEnd}`);
      const totals = page.getByRole('region', { name: 'Totaux de la période' });
      await totals.waitFor({ timeout: 30_000 });
      const outside = await totals.locator('.ant-card').evaluateAll((cards) =>
        cards
          .map((card) => {
            const value = card.querySelector('.ant-statistic-content');
            const inner = card.querySelector('.ant-card-body')!.getBoundingClientRect();
            const box = value?.getBoundingClientRect();
            return box && (box.right > inner.right + 0.5 || value!.scrollWidth > value!.clientWidth)
              ? `${card.textContent} (${box.right} > ${inner.right})`
              : null;
          })
          .filter((text) => text !== null),
      );
      assert.deepEqual(outside, [], `rooming totals inside their cards at ${width} px`);
      const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrolled <= width, `rooming-client: no sideways scroll at ${width} px (${scrolled})`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('at 1366 and 375 px a hotel without an address gets its rooming list at the address typed; the outbox says it was kept, not sent, and opens it', async () => {
    const world = await createBookingWorld(run.api, [{ nom: 'Essai-Rooming', prenom: 'Lina' }]);
    await bookThroughApi(run.api, world, [world.residents[0]!.id], parisDay(0), parisDay(1));
    const month = parisDay(0).slice(0, 7);
    const [year, m] = month.split('-').map(Number) as [number, number];
    const end = `${m === 12 ? year + 1 : year}-${String((m % 12) + 1).padStart(2, '0')}-01`;
    const hotel = await run.api.call<{ email: string | null }>(
      'GET',
      `${REFERENTIEL_PATHS.etablissements}/${world.hotel.id}`,
    );
    assert.equal(hotel.email, null, 'the test hotel has no e-mail address');
    const label = `${month.slice(5)}/${month.slice(0, 4)}`;

    for (const width of [1366, 375]) {
      const { page, context, errors } = await openPage(run.browser, run.product.baseUrl, {
        width,
        height: 800,
      });
      await login(page, DEMO_AGENT.email, DEMO_AGENT.password);
      await page.goto(
        `/dashboard/rooming-etab?start_date=${month}-01&end_date=${end}&etablissement_id=${world.hotel.id}`,
      );
      const dialog = await openDialog(
        page.getByRole('button', { name: /Envoyer à l'établissement/ }),
        page.getByRole('dialog', { name: `Envoyer le rooming de ${label} à ${world.hotel.nom}` }),
      );
      await dialog
        .getByText("Cet établissement n'a pas d'adresse e-mail : indiquez à qui envoyer le message.")
        .waitFor();
      const field = dialog.getByLabel('Destinataires');
      assert.equal(await field.inputValue(), '');
      const send = dialog.getByRole('button', { name: 'Envoyer', exact: true });
      const box = (await send.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= width, `« Envoyer » in view at ${width} px`);
      await send.click();
      await dialog.getByText('Indiquez au moins une adresse e-mail.').waitFor();
      const address = `reception.${width}@hotel-essai.fr`;
      await field.fill(address);
      await submitAction(dialog, 'Envoyer', 60_000);

      // Said as it is: kept in the outbox, not transmitted — not a green « envoyé ».
      await page
        .getByText(`Rooming de ${label} : conservé dans la boîte d'envoi, non transmis (${address})`)
        .waitFor({ timeout: 30_000 });
      const toast = page.locator('.ant-notification-notice', { hasText: "conservé dans la boîte d'envoi" });
      await toast.first().waitFor();
      assert.match((await toast.first().getAttribute('class')) ?? '', /ant-notification-notice-info/);
      assert.equal(await page.locator('.ant-notification-notice-success').count(), 0);
      const kept = await keptEmail(run.api, (courriel) => courriel.destinataires.includes(address));
      assert.ok(kept, 'the message is in the outbox');
      assert.equal(kept.statut, 'non_transmis');
      assert.ok(kept.objet.includes(world.hotel.nom));

      if (width === 1366) {
        // The way to the outbox, where the message opens whole and its PDF downloads.
        await page.getByRole('link', { name: "Voir la boîte d'envoi" }).click();
        await page.waitForURL('**/dashboard/Demande-Hebergement?boite=envoi');
        const opened = await openDialog(
          page.getByRole('button', { name: `Ouvrir le courriel « ${kept.objet} »` }),
          page.getByRole('dialog', { name: `Courriel n° ${kept.id}` }),
        );
        await opened.getByText(/Veuillez trouver ci-joint la rooming list/).waitFor();
        await opened.getByText(address, { exact: true }).waitFor();
        const file = kept.pieces_jointes[0]!.nom;
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 60_000 }),
          opened.getByRole('button', { name: `Télécharger ${file}` }).click(),
        ]);
        assert.equal(download.suggestedFilename(), file);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
