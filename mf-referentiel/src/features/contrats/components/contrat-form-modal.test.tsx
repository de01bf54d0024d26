import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { ContratClientDetailsPage, ContratsEtablissementPage } from './contrat-pages';

type User = ReturnType<typeof renderPage>['user'];

/** Types into the field labelled `label` (a change event: antd reads the value, not the keys). */
const fill = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Types a date and leaves the field (Enter in a date field would submit the whole form). */
const typeDate = async (user: User, scope: HTMLElement, label: string, value: string) => {
  await user.click(within(scope).getByLabelText(label));
  await user.type(within(scope).getByLabelText(label), value);
  await user.tab();
};

const pick = async (user: User, scope: HTMLElement, label: string, search: string, option: string) => {
  await user.click(within(scope).getByLabelText(label));
  await user.type(within(scope).getByLabelText(label), search);
  await user.click(await screen.findByTitle(option));
};

const line = (index: number) => screen.getByRole('group', { name: `Ligne ${index}` });

describe('ContratFormModal', () => {
  it('creates a purchase contract: hotel, no PAF/CAF, a line with its allotment and no hotel, then opens it', async () => {
    const { user, requestsTo, location } = renderPage(<ContratsEtablissementPage />, {
      url: '/dashboard/contract-etablissement',
    });
    await screen.findByText('CE-2025-PARC');
    await user.click(screen.getByRole('button', { name: /Créer un contrat/ }));
    const dialog = await findDialog('Nouveau contrat établissement');
    expect(within(dialog).queryByLabelText('PAF par jour')).toBeNull();
    await pick(user, dialog, 'Établissement', 'lafay', 'Hôtel Lafayette');
    fill(dialog, 'Référence', ' CE-2027-LAFAYETTE ');
    await typeDate(user, dialog, 'Début', '01/01/2027');
    await typeDate(user, dialog, 'Fin (exclue)', '01/01/2028');

    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const first = line(1);
    expect(within(first).queryByLabelText('Établissement')).toBeNull();
    await pick(user, first, 'Type de chambre', 'dou', 'Double');
    await typeDate(user, first, 'Début', '01/01/2027');
    await typeDate(user, first, 'Fin (exclue)', '01/07/2027');
    fill(first, 'Nuitée HT', '52,5');
    fill(first, 'Allotement', '10');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(requestsTo('/api/contrats-etablissement', 'POST')).toHaveLength(1));
    expect(await requestsTo('/api/contrats-etablissement', 'POST')[0]!.body).toEqual({
      etablissementId: 7,
      reference: 'CE-2027-LAFAYETTE',
      dateDebut: '2027-01-01',
      dateFin: '2028-01-01',
      modeTarification: 'par_chambre',
      tauxTvaNuitee: '10.00',
      tauxTvaRepas: '10.00',
      delaiAlerteJours: 2,
      notes: null,
      lignes: [
        {
          typeChambreId: 2,
          dateDebut: '2027-01-01',
          dateFin: '2027-07-01',
          prixNuiteeHt: '52.50',
          prixPetitDejeunerHt: '0.00',
          prixDejeunerHt: '0.00',
          prixDinerHt: '0.00',
          allotement: 10,
        },
      ],
    });
    await waitFor(() => expect(location()).toBe('/dashboard/contract-etablissement-details/5'));
    expect(requestsTo('/api/etablissements')).toHaveLength(1);
    expect(requestsTo('/api/clients')).toHaveLength(0);
  });

  it('refuses a line ending before it starts, and an amount that is not one', async () => {
    const { user, requestsTo } = renderPage(<ContratsEtablissementPage />, {
      url: '/dashboard/contract-etablissement',
    });
    await screen.findByText('CE-2025-PARC');
    await user.click(screen.getByRole('button', { name: /Créer un contrat/ }));
    const dialog = await findDialog('Nouveau contrat établissement');
    await user.click(within(dialog).getByRole('button', { name: /Ajouter une ligne/ }));
    const first = line(1);
    await typeDate(user, first, 'Début', '01/07/2027');
    await typeDate(user, first, 'Fin (exclue)', '01/01/2027');
    fill(first, 'Nuitée HT', '52 euros');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(first).findByText('La fin doit suivre le début.')).toBeTruthy();
    // Each field validates on its own: the messages may show in different renders.
    expect(await within(first).findByText('Montant invalide : par exemple 52 ou 52,50.')).toBeTruthy();
    expect(await within(first).findByText('Le champ Type de chambre est obligatoire')).toBeTruthy();
    expect(requestsTo('/api/contrats-etablissement', 'POST')).toHaveLength(0);
  });

  it('edits a sale contract: PAF, a line’s hotel and price; lines keep their id and no allotment is sent', async () => {
    const { user, requestsTo } = renderPage(<ContratClientDetailsPage />, {
      url: '/dashboard/contrat-client/1',
      path: '/dashboard/contrat-client/:id',
    });
    await screen.findByText('Tous les établissements');
    await user.click(screen.getByRole('button', { name: /Modifier/ }));
    const dialog = await findDialog('Modifier « CC-2025-CD94 »');
    expect(within(dialog).getByTitle('Conseil départemental du Val-de-Marne')).toBeTruthy();
    expect(within(line(2)).getByTitle('Hôtel du Parc')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Allotement')).toBeNull();
    fill(dialog, 'PAF par jour', '3,5');
    const first = line(1);
    await pick(user, first, 'Établissement', 'lafay', 'Hôtel Lafayette');
    fill(first, 'Nuitée HT', '60');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(requestsTo('/api/contrats-clients/1', 'PUT')).toHaveLength(1));
    const meals = { prixPetitDejeunerHt: '7.50', prixDejeunerHt: '12.50', prixDinerHt: '12.50' };
    expect(await requestsTo('/api/contrats-clients/1', 'PUT')[0]!.body).toEqual({
      clientId: 1,
      reference: 'CC-2025-CD94',
      dateDebut: '2025-01-01',
      dateFin: '2026-01-01',
      modeTarification: 'par_chambre',
      tauxTvaNuitee: '10.00',
      tauxTvaRepas: '10.00',
      delaiAlerteJours: 2,
      montantPafJour: '3.50',
      montantCafJour: '0.00',
      notes: null,
      lignes: [
        {
          id: 1,
          typeChambreId: 1,
          etablissementId: 7,
          dateDebut: '2025-01-01',
          dateFin: '2026-01-01',
          prixNuiteeHt: '60.00',
          ...meals,
        },
        {
          id: 2,
          typeChambreId: 2,
          etablissementId: 1,
          dateDebut: '2025-01-01',
          dateFin: '2026-01-01',
          prixNuiteeHt: '72.00',
          ...meals,
        },
      ],
    });
    expect(await screen.findByText('3,50 €')).toBeTruthy();
    const simple = within(screen.getByText('Simple', { selector: 'td' }).closest('tr')!);
    expect(simple.getByText('Hôtel Lafayette')).toBeTruthy();
    expect(simple.getByText('60,00 €')).toBeTruthy();
  });

  it('shows the API’s refusal of a line beside the field it names (`champ`), the toast kept', async () => {
    const { user, requestsTo } = renderPage(<ContratClientDetailsPage />, {
      url: '/dashboard/contrat-client/1',
      path: '/dashboard/contrat-client/:id',
    });
    await screen.findByText('Tous les établissements');
    await user.click(screen.getByRole('button', { name: /Modifier/ }));
    const dialog = await findDialog('Modifier « CC-2025-CD94 »');
    const end = within(line(2)).getByLabelText('Fin (exclue)');
    await user.click(end);
    // The calendar opened first: its opening, a frame later, would put the old date back in a field typed meanwhile.
    await waitFor(() =>
      expect(document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).not.toBeNull(),
    );
    await user.clear(end);
    await user.type(end, '01/02/2026');
    await user.tab();
    // Each step awaited apart, so that a failure under load names the step that did not happen.
    expect((end as HTMLInputElement).value).toBe('01/02/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requestsTo('/api/contrats-clients/1', 'PUT')).toHaveLength(1));
    const sent = (await requestsTo('/api/contrats-clients/1', 'PUT')[0]!.body) as {
      lignes: { dateFin: string }[];
    };
    expect(sent.lignes[1]!.dateFin).toBe('2026-02-01');

    const message =
      'Ligne de tarif n° 2 (« Double », Hôtel du Parc) : sa période (du 01/01/2025 au 01/02/2026 exclu) doit ' +
      'être comprise dans celle du contrat (du 01/01/2025 au 01/01/2026 exclu).';
    expect(await within(line(2)).findByText(message)).toBeTruthy();
    expect(requestsTo('/api/contrats-clients/1', 'PUT')).toHaveLength(1);
    // Beside its field only, not again above the form; the 400's toast (spec §8) outside the dialog.
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(within(line(1)).queryByText(message)).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('puts a 409 on the reference it names (duplicate), not toasted (spec §8)', async () => {
    const { user } = renderPage(<ContratClientDetailsPage />, {
      url: '/dashboard/contrat-client/1',
      path: '/dashboard/contrat-client/:id',
    });
    await screen.findByText('Tous les établissements');
    await user.click(screen.getByRole('button', { name: /Modifier/ }));
    const dialog = await findDialog('Modifier « CC-2025-CD94 »');
    fill(dialog, 'Référence', 'CC-2026-RELAIS');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const message = await within(dialog).findByText(/porte déjà la référence « CC-2026-RELAIS »/);
    expect(message.closest('.ant-form-item')?.textContent).toContain('Référence');
    expect(screen.getAllByText(/porte déjà la référence/)).toHaveLength(1);
  });
});
